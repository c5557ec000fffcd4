/**
 * C/C++: a line that is one macro call whose arguments no expression can be (googletest's
 * `GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(unsigned char, '\0');`) is read as blank when that
 * shrinks the parse's error regions (language-packs/c/macro-lines.ts) — shapes from gmock-actions.h,
 * reduced, parsed with the real grammars.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import type { ModuleReport } from "../../core/types.js";
import { lensAt, rows } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-macro-lines-"));
  writeFileSync(join(dir, "package.json"), "{}");
  lens = await lensAt(dir);
});

async function reportOf(name: string, lines: string[]): Promise<ModuleReport> {
  writeFileSync(join(dir, name), lines.join("\n") + "\n");
  return lens.moduleReport(join(dir, name));
}

const GMOCK = [
  "namespace testing {",
  "namespace internal {",
  "template <typename T>",
  "class BuiltInDefaultValue {",
  " public:",
  "  static bool Exists() { return false; }",
  "};",
  "#define GMOCK_DEFINE_DEFAULT_(type, value) \\",
  "  template <>                             \\",
  "  class BuiltInDefaultValue<type> {       \\",
  "   public:                                \\",
  "    static type Get() { return value; }   \\",
  "  }",
  "#define GMOCK_PARAMS_(params) \\",
  "  GMOCK_PP_FOR_EACH(GMOCK_PARAM, , params)",
  "",
  "GMOCK_DEFINE_DEFAULT_(void, );  // NOLINT",
  "GMOCK_DEFINE_DEFAULT_(bool, false);",
  "GMOCK_DEFINE_DEFAULT_(unsigned char, '\\0');",
  "GMOCK_DEFINE_DEFAULT_(signed char, '\\0');",
  "GMOCK_DEFINE_DEFAULT_(unsigned short, 0U);  // NOLINT",
  "GMOCK_DEFINE_DEFAULT_(signed long long, 0);",
  "GMOCK_DEFINE_DEFAULT_(float, 0);",
  "",
  "template <typename T>",
  "struct negation : std::integral_constant<bool, !T::value> {};",
  "",
  "template <typename T>",
  "const T& as_const(T& t) {",
  "  return t;",
  "}",
  "",
  "}  // namespace internal",
  "",
  "class OnceAction {",
  " public:",
  "  void Call() {}",
  "};",
  "}  // namespace testing",
];

describe("a macro call whose arguments are types", () => {
  it("is no function swallowing what follows: the namespace ends where it ends, its declarations are its own", async () => {
    const r = await reportOf("actions.h", GMOCK);
    const all = rows(r);
    expect(all).toContain("namespace testing.internal 2-33");
    expect(all).toContain("struct testing.internal.negation 25-26");
    expect(all).toContain("function testing.internal.as_const 28-31");
    expect(all).toContain("class testing.OnceAction 35-38");
    expect(all).toContain("method testing.OnceAction.Call 37-37");
    // The macros keep their own lines (the last line of a `#define` is its text, not a call).
    expect(all).toContain("macro testing.internal.GMOCK_PARAMS_ 14-15");
    expect(all.filter((x) => x.includes("GMOCK_DEFINE_DEFAULT_"))).toEqual(["macro testing.internal.GMOCK_DEFINE_DEFAULT_ 8-13"]);
    expect((r.warnings ?? []).some((w) => w.includes("syntax error"))).toBe(false);
  });

  it("a function head led by a macro is no macro call (`STDAPI_(BOOL) DllMain(_In_ HINSTANCE h)`), in a file with errors", async () => {
    const r = await reportOf("dllmain.cpp", [
      "GMOCK_DEFINE_DEFAULT_(unsigned char, 0);",
      "",
      "STDAPI_(BOOL) DllMain(_In_ HINSTANCE instance, DWORD reason)",
      "{",
      "    return TRUE;",
      "}",
    ]);
    expect(rows(r)).toContain("function DllMain 3-6");
  });

  it("a macro glued between string literals is read as blank: `\"%\" PRIu64 \"\\n\"`, gtest.cc's help text", async () => {
    const r = await reportOf("glued.cc", [
      "static const char kHelp[] =",
      '    "This program contains tests written using " GTEST_NAME_',
      '    ". You can use the following command line flags to control its behavior:\\n"',
      '    "  --" GTEST_FLAG_PREFIX_ "list_tests\\n";',
      "",
      "void Print(uint64_t n) {",
      '  printf("%" PRIu64 "\\n", n);',
      "}",
    ]);
    expect(rows(r)).toEqual(["constant kHelp 1-4", "function Print 6-8"]);
    expect((r.warnings ?? []).some((w) => w.includes("syntax error"))).toBe(false);
  });

  it("a function-pointer typedef's calling-convention macro reads as its `*`: GL's `(GL_APIENTRYP PFN…PROC)`, Vulkan's `(VKAPI_PTR *PFN_…)`", async () => {
    const gl = [
      "#ifndef GL_APIENTRYP",
      "#define GL_APIENTRYP GL_APIENTRY*",
      "#endif",
      "typedef unsigned int GLenum;",
      "typedef void (GL_APIENTRYP PFNGLACTIVETEXTUREPROC) (GLenum texture);",
      "typedef void (GL_APIENTRYP PFNGLATTACHSHADERPROC) (GLuint program, GLuint shader);",
      "typedef void (VKAPI_PTR *PFN_vkFreeFunction)(",
      "    void*                                       pUserData,",
      "    void*                                       pMemory);",
      "GL_APICALL void GL_APIENTRY glActiveTexture (GLenum texture);",
    ];
    for (const name of ["gl.h", "gl.hpp"]) {
      const r = await reportOf(name, gl);
      expect(rows(r).filter((x) => !x.startsWith("macro "))).toEqual([
        "type GLenum 4-4",
        "type PFNGLACTIVETEXTUREPROC 5-5",
        "type PFNGLATTACHSHADERPROC 6-6",
        "type PFN_vkFreeFunction 7-9",
        "function glActiveTexture 10-10",
      ]);
      expect((r.warnings ?? []).some((w) => w.includes("syntax error"))).toBe(false);
      // (The signature is the text as written, not as the parse read it.)
      expect(r.api?.find((e) => e.name === "PFNGLACTIVETEXTUREPROC")?.signature).toBe("typedef void (GL_APIENTRYP PFNGLACTIVETEXTUREPROC) (GLenum texture)");
    }
  });

  it("a header read as C: Foundation's `typedef NS_ENUM(NSInteger, Name) {` is an enum, an availability macro after its `}` no function", async () => {
    // (react-native-screens' RNSEnums.h: 79 error regions; its RNSBlurEffectStyle had been `function API_UNAVAILABLE`.)
    const r = await reportOf("RNSEnums.h", [
      "#pragma once",
      "",
      "typedef NS_ENUM(NSInteger, RNSScreenStackPresentation) {",
      "  RNSScreenStackPresentationPush,",
      "  RNSScreenStackPresentationModal,",
      "};",
      "",
      "typedef NS_ENUM(NSInteger, RNSBlurEffectStyle) {",
      "  RNSBlurEffectStyleNone = -1,",
      "  RNSBlurEffectStyleRegular API_UNAVAILABLE(watchos) = UIBlurEffectStyleRegular,",
      "  RNSBlurEffectStyleSystemUltraThinMaterialLight API_UNAVAILABLE(watchos,",
      "                                                 tvos) = UIBlurEffectStyleSystemUltraThinMaterialLight,",
      "} API_UNAVAILABLE(watchos);",
      "",
      "struct Point {",
      "  int x;",
      "} API_AVAILABLE(ios(13.0), macos(10.15));",
    ]);
    expect(r.language).toBe("c");
    expect(rows(r)).toEqual([
      "enum RNSScreenStackPresentation 3-6",
      "constant RNSScreenStackPresentation.RNSScreenStackPresentationPush 4-4",
      "constant RNSScreenStackPresentation.RNSScreenStackPresentationModal 5-5",
      "enum RNSBlurEffectStyle 8-13",
      "constant RNSBlurEffectStyle.RNSBlurEffectStyleNone 9-9",
      "constant RNSBlurEffectStyle.RNSBlurEffectStyleRegular 10-10",
      "constant RNSBlurEffectStyle.RNSBlurEffectStyleSystemUltraThinMaterialLight 11-12",
      "struct Point 15-17",
      "field Point.x 16-16",
    ]);
    expect((r.warnings ?? []).some((w) => w.includes("syntax error"))).toBe(false);
    expect(r.api?.find((e) => e.name === "RNSBlurEffectStyle")?.signature).toBe("typedef NS_ENUM(NSInteger, RNSBlurEffectStyle)");
  });

  it("a header of thousands of such typedefs folds them in compact as it folds its #defines: `PFNGL*×N`", async () => {
    // (GL/glext.h: 2,650 `PFNGL…PROC` types listed once read right — named one by one, compact had grown 16k → 45k tokens.)
    const names = Array.from({ length: 400 }, (_, i) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}X`);
    const lines = ["#define GL_APIENTRYP GL_APIENTRY*"];
    for (const n of names) lines.push(`#define GL_${n} 0x${(0x8000 + names.indexOf(n)).toString(16)}`);
    for (const n of names) lines.push(`typedef void (GL_APIENTRYP PFNGL${n}PROC) (GLenum target, GLuint index);`);
    for (const n of names) lines.push(`GLAPI void APIENTRY gl${n[0]}${n.slice(1).toLowerCase()} (GLenum target, GLuint index);`);
    const r = await reportOf("glext.h", lines);
    expect(rows(r).filter((x) => x.startsWith("type PFNGL")).length).toBe(400);
    const text = lens.render(r, "compact");
    expect(text).toContain("PFNGL*×400");
    expect(text).toContain("GL_*×401"); // (and GL_APIENTRYP)
    expect(text).not.toContain("PFNGLAAXPROC");
  });
});

/**
 * Items a file's own `macro_rules!` declares where it is called at item level (language-packs/rust/macro-expansions.ts):
 * serde's `declare_error_trait!(Error: Sized + StdError);` is its `de::Error` trait, which had been in no outline;
 * and the warning naming the item-level calls whose items pilens cannot know.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { flat, lensAt } from "../helpers.js";

let lens: Lens;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-macro-items-"));
  writeFileSync(join(dir, "Cargo.toml"), "[package]\nname = \"demo\"\n");
  lens = await lensAt(dir);
});

// serde 1.0.152's src/de/mod.rs, shortened.
const SERDE = [
  "macro_rules! declare_error_trait {", // 1
  "    (Error: Sized $(+ $($supertrait:ident)::+)*) => {",
  "        /// The `Error` trait allows `Deserialize` implementations to create descriptive",
  "        /// error messages.",
  "        pub trait Error: Sized $(+ $($supertrait)::+)* {", // 5
  "            fn custom<T>(msg: T) -> Self",
  "            where",
  "                T: Display;",
  "        }",
  "    }", // 10
  "}",
  "",
  "#[cfg(feature = \"std\")]",
  "declare_error_trait!(Error: Sized + StdError);",
  "", // 15
  "#[cfg(not(feature = \"std\"))]",
  "declare_error_trait!(Error: Sized + Debug + Display);",
  "",
  "pub trait Deserializer<'de>: Sized {",
  "    type Error: Error;", // 20
  "}",
  "",
].join("\n");

describe("rust: items a same-file macro_rules! declares where it is called", () => {
  it("lists serde's declare_error_trait! call as the trait it declares, over the call, exported by its pub, with its doc", async () => {
    writeFileSync(join(dir, "de.rs"), SERDE);
    const r = await lens.moduleReport(join(dir, "de.rs"), { detail: "full" } as never);
    const traits = r.api.filter((e) => e.name === "Error");
    expect(traits.map((e) => [e.kind, e.startLine, e.endLine, e.exported])).toEqual([
      ["trait", 13, 14, true],
      ["trait", 16, 17, true],
    ]);
    expect(traits[0]!.signature).toBe("declare_error_trait!(Error: Sized + StdError) → pub trait Error");
    expect(traits[0]!.doc).toMatch(/^The `Error` trait allows `Deserialize` implementations/);
    expect(traits[0]!.decorators).toEqual(['#[cfg(feature = "std")]']);
    expect(r.warnings?.some((w) => /macro call/.test(w))).toBe(false);
  });

  it("read_symbol finds the trait by its name and reads the call", async () => {
    writeFileSync(join(dir, "de2.rs"), SERDE);
    const s = await lens.readSymbol(join(dir, "de2.rs"), "Error", { kind: "trait" } as never);
    expect([s.found, s.kind, s.startLine, s.endLine]).toEqual([true, "trait", 13, 14]);
    expect(s.source).toContain("declare_error_trait!(Error: Sized + StdError);");
  });

  it("names an item after the call's token for a `$name:ident` (past an `expr`), in a mod and in an impl, with its transcriber's attributes", async () => {
    const src = [
      "macro_rules! make_fn {", // 1
      "    ($name:ident) => { pub(crate) fn $name() {} };",
      "}",
      "macro_rules! test_lit {",
      "    ($name:ident, $which:ident, $re:expr) => { test_lit!($name, $which, $re,); };", // 5
      "    ($name:ident, $which:ident, $re:expr, $($lit:expr),*) => {",
      "        #[test]",
      "        fn $name() {}",
      "    };",
      "}", // 10
      "macro_rules! def_vec {",
      "    ($vis:vis $name:ident, $t:ty) => { $vis struct $name($t); };",
      "}",
      "make_fn!(hello);",
      "mod m { make_fn! { inner } }", // 15
      "struct X;",
      "impl X { make_fn!(meth); }",
      "test_lit!(pfx_one, prefixes, \"a\", M(\"a\"));",
      "def_vec!(pub U32x4, [u32; 4]);",
      "def_vec!(Private, u8);", // 20
      "",
    ].join("\n");
    writeFileSync(join(dir, "gen.rs"), src);
    const r = await lens.moduleReport(join(dir, "gen.rs"), { detail: "full" } as never);
    const e = flat({ ...r, api: [...r.api, ...r.internal] });
    expect(e.get("hello")).toMatchObject({ kind: "function", startLine: 14, exported: true, signature: "make_fn!(hello) → pub(crate) fn hello" });
    expect(e.get("m.inner")).toMatchObject({ kind: "function", startLine: 15 });
    expect(e.get("X.meth")).toMatchObject({ kind: "method", startLine: 17 });
    expect(e.get("pfx_one")).toMatchObject({ kind: "function", startLine: 18, flags: ["test"] });
    expect(e.get("U32x4")).toMatchObject({ kind: "struct", exported: true, signature: "def_vec!(pub U32x4, [u32; 4]) → pub struct U32x4" });
    expect(e.get("Private")).toMatchObject({ kind: "struct", exported: false });
  });

  it("reads `extern` (an identifier in a token tree) as a qualifier: hyper's `pub extern fn`, `pub unsafe extern \"C\" fn`", async () => {
    const src = [
      "macro_rules! ffi_fn {",
      "    ($name:ident) => { pub extern fn $name() {} };",
      "}",
      "macro_rules! c_fn {",
      "    ($name:ident) => { pub unsafe extern \"C\" fn $name() {} };",
      "}",
      "ffi_fn!(hyper_clientconn_new);",
      "c_fn!(hyper_free);",
      "",
    ].join("\n");
    writeFileSync(join(dir, "ffi.rs"), src);
    const r = await lens.moduleReport(join(dir, "ffi.rs"), { detail: "full" } as never);
    const e = flat({ ...r, api: [...r.api, ...r.internal] });
    expect(e.get("hyper_clientconn_new")).toMatchObject({ kind: "function", startLine: 7, exported: true, signature: "ffi_fn!(hyper_clientconn_new) → pub extern fn hyper_clientconn_new" });
    expect(e.get("hyper_free")).toMatchObject({ kind: "function", startLine: 8, exported: true, signature: 'c_fn!(hyper_free) → pub unsafe extern "C" fn hyper_free' });
    expect(r.warnings?.some((w) => /macro call/.test(w))).toBe(false);
  });

  it("warns once, naming the macros, about item-level calls whose items it cannot know", async () => {
    const src = [
      "use serde::forward_to_deserialize_any;",
      "macro_rules! impl_num {",
      "    ($t:ty) => { impl Num for $t {} };",
      "}",
      "macro_rules! test_lit {",
      "    ($name:ident, $re:expr) => { test_lit!($name, $re,); };",
      "    ($name:ident, $re:expr, $($lit:expr),*) => { fn $name() {} };",
      "}",
      "impl_num!(u8);",
      "impl_num!(u16);",
      "include!(concat!(env!(\"OUT_DIR\"), \"/gen.rs\"));",
      "test_lit!(short, \"a\");",
      "compile_error!(\"no\");",
      "struct D;",
      "impl Deserializer for D { forward_to_deserialize_any! { bool i8 } }",
      "fn f() { println!(\"not an item\"); }",
      "",
    ].join("\n");
    writeFileSync(join(dir, "opaque.rs"), src);
    const r = await lens.moduleReport(join(dir, "opaque.rs"));
    const w = r.warnings?.filter((x) => /macro call/.test(x)) ?? [];
    expect(w).toEqual(["items of 4 macro calls not listed (not expanded): impl_num! ×2, include!, forward_to_deserialize_any!"]);
    // (test_lit! calls itself with a repetition: expanded token by token, macro-repeat.ts.)
    expect([...r.api, ...r.internal].filter((e) => e.name === "short").map((e) => [e.kind, e.startLine])).toEqual([["function", 12]]);
  });

  it("unwraps cfg_if!'s branches: their items are the module's (crc32fast's specialized/mod.rs had 0 symbols), and no warning", async () => {
    const src = [
      "cfg_if! {", // 1
      "    if #[cfg(all(",
      "        target_feature = \"sse2\",",
      "        any(target_arch = \"x86\", target_arch = \"x86_64\")",
      "    ))] {", // 5
      "        mod pclmulqdq;",
      "        pub use self::pclmulqdq::State;",
      "    } else if #[cfg(feature = \"nightly\")] {",
      "        mod aarch64;",
      "    } else {", // 10
      "        pub enum State {}",
      "        impl State {",
      "            pub fn new(_: u32) -> Option<Self> { None }",
      "        }",
      "    }", // 15
      "}",
      "cfg_if::cfg_if! {",
      "    if #[cfg(unix)] { pub fn sys() -> u32 { 1 } } else { pub fn sys() -> u32 { 2 } }",
      "}",
      "",
    ].join("\n");
    writeFileSync(join(dir, "cfg.rs"), src);
    const r = await lens.moduleReport(join(dir, "cfg.rs"));
    const all = flat(r);
    expect(all.get("pclmulqdq")).toMatchObject({ kind: "module", startLine: 6 });
    expect(all.get("aarch64")).toMatchObject({ kind: "module", startLine: 9 });
    expect(all.get("State")).toMatchObject({ kind: "enum", startLine: 11, exported: true });
    expect(all.get("State.new")).toMatchObject({ kind: "method", startLine: 13 });
    expect(all.get("sys")).toMatchObject({ kind: "function", startLine: 18, exported: true });
    expect(r.warnings?.filter((x) => /macro call|syntax/.test(x)) ?? []).toEqual([]);
    const read = await lens.readSymbol(join(dir, "cfg.rs"), "State.new");
    expect(read.source).toContain("pub fn new(_: u32) -> Option<Self> { None }");
  });
});

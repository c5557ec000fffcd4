/**
 * Items a `macro_rules!` of ANOTHER file of the crate declares where a file calls it at item level
 * (language-packs/rust/macro-sources.ts): winapi's `DEFINE_GUID!` lives in src/macros.rs (`#[macro_use] mod
 * macros;` in lib.rs) and is called in its um/ and shared/ files, whose GUID constants had been in no outline.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { flat, lensAt } from "../helpers.js";

let lens: Lens;
let dir: string;

// winapi 0.3.9's src/macros.rs, shortened (DEFINE_GUID, FN; RIDL's impls are not read).
const MACROS = [
  "macro_rules! DEFINE_GUID {",
  "    (",
  "        $name:ident, $l:expr, $w1:expr, $w2:expr",
  "    ) => {",
  "        pub const $name: $crate::shared::guiddef::GUID = $crate::shared::guiddef::GUID {",
  "            Data1: $l, Data2: $w1, Data3: $w2,",
  "        };",
  "    }",
  "}",
  "macro_rules! FN {",
  "    (stdcall $func:ident($($t:ty,)*) -> $ret:ty) => (",
  "        pub type $func = Option<unsafe extern \"system\" fn($($t,)*) -> $ret>;",
  "    );",
  "}",
  "macro_rules! RIDL {",
  "    (interface $i:ident) => { impl $i {} };",
  "}",
  "",
].join("\n");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-macro-sources-"));
  writeFileSync(join(dir, "Cargo.toml"), "[package]\nname = \"winapi\"\n");
  mkdirSync(join(dir, "src", "um"), { recursive: true });
  mkdirSync(join(dir, "src", "inner"), { recursive: true });
  writeFileSync(join(dir, "src", "lib.rs"), "#![no_std]\n#[macro_use]\nmod macros;\npub mod um;\npub mod inner;\n");
  writeFileSync(join(dir, "src", "macros.rs"), MACROS);
  writeFileSync(join(dir, "src", "um", "mod.rs"), "pub mod winnt;\n");
  // A module's own `#[macro_use] mod helpers;` (hyper's ffi/mod.rs: `#[macro_use] mod macros;`).
  writeFileSync(join(dir, "src", "inner", "mod.rs"), "#[macro_use]\nmod helpers;\npub mod user;\n");
  writeFileSync(join(dir, "src", "inner", "helpers.rs"), "macro_rules! ffi_fn {\n    ($name:ident) => { pub fn $name() {} };\n}\n");
  writeFileSync(join(dir, "src", "inner", "user.rs"), "ffi_fn!(hyper_clientconn_new);\nDEFINE_GUID!(IID_Inner, 1, 2, 3);\n");
  lens = await lensAt(dir);
});

describe("rust: items a macro_rules! of another file of the crate declares where it is called", () => {
  it("lists winapi's DEFINE_GUID!/FN! calls as the constants and types they declare; the warning keeps what is not read", async () => {
    const src = [
      "use shared::guiddef::GUID;", // 1
      "DEFINE_GUID!{IID_IUnknown,",
      "    0x00000000, 0x0000, 0x0000}",
      "FN!{stdcall PAPCFUNC(",
      "    Parameter: ULONG_PTR,", // 5
      ") -> ()}",
      "RIDL!{interface IUnknown}",
      "other_crate::DEFINE_GUID!{IID_Elsewhere, 1, 2, 3}",
      "undefined_here!{X}",
      "",
    ].join("\n");
    const file = join(dir, "src", "um", "winnt.rs");
    writeFileSync(file, src);
    const r = await lens.moduleReport(file, { detail: "full" } as never);
    const e = flat({ ...r, api: [...r.api, ...r.internal] });
    expect(e.get("IID_IUnknown")).toMatchObject({ kind: "constant", startLine: 2, endLine: 3, exported: true });
    expect(e.get("IID_IUnknown")!.signature).toBe("DEFINE_GUID!{IID_IUnknown, 0x00000000, 0x0000, 0x0000} → pub const IID_IUnknown");
    expect(e.get("PAPCFUNC")).toMatchObject({ kind: "type", startLine: 4, endLine: 6, exported: true });
    // (Another crate's macro by its path is not this crate's; an impl is no item read.)
    expect(e.has("IID_Elsewhere")).toBe(false);
    expect(r.warnings?.filter((w) => /macro call/.test(w))).toEqual(["items of 3 macro calls not listed (not expanded): RIDL!, DEFINE_GUID!, undefined_here!"]);
  });

  it("reads a parent module's `#[macro_use] mod` and the crate root's, nearest first", async () => {
    const r = await lens.moduleReport(join(dir, "src", "inner", "user.rs"), { detail: "full" } as never);
    const e = flat({ ...r, api: [...r.api, ...r.internal] });
    expect(e.get("hyper_clientconn_new")).toMatchObject({ kind: "function", startLine: 1, exported: true });
    expect(e.get("IID_Inner")).toMatchObject({ kind: "constant", startLine: 2 });
    expect(r.warnings?.some((w) => /macro call/.test(w))).toBe(false);
  });

  it("follows an edit of the macros' file (read once per version of it)", async () => {
    const file = join(dir, "src", "inner", "user.rs");
    writeFileSync(join(dir, "src", "inner", "helpers.rs"), "macro_rules! ffi_fn {\n    ($name:ident) => { pub struct $name; };\n}\n");
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, "src", "inner", "helpers.rs"), later, later);
    const r = await lens.moduleReport(file, { detail: "full" } as never);
    expect(flat({ ...r, api: [...r.api, ...r.internal] }).get("hyper_clientconn_new")).toMatchObject({ kind: "struct" });
  });

  it("reads no file above the project root (a root set inside the crate)", async () => {
    const inner = join(dir, "src", "inner");
    const { Lens } = await import("../../core/engine.js");
    const rooted = await Lens.create({ cwd: inner, root: inner });
    const r = await rooted.moduleReport(join(inner, "user.rs"), { detail: "full" } as never);
    const e = flat({ ...r, api: [...r.api, ...r.internal] });
    // (helpers.rs is inside the root, lib.rs's macros.rs above it: DEFINE_GUID! stays unexpanded, said.)
    expect(e.has("hyper_clientconn_new")).toBe(true);
    expect(e.has("IID_Inner")).toBe(false);
    expect(r.warnings?.filter((w) => /macro call/.test(w))).toEqual(["items of 1 macro call not listed (not expanded): DEFINE_GUID!"]);
  });
});

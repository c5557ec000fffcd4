/**
 * Macro calls expanded token by token (language-packs/rust/macro-repeat.ts, macro-expand-items.ts): repetitions
 * `$(…)*` / `$(…)+` / `$(…)?` in matchers and transcribers, nested and with separators, wider fragments, and the
 * nested calls a transcriber makes — libc's `f!`/`safe_f!` (whose `pub {const} fn` is no Rust until expanded) and
 * `s!` → `s!(it: …)` → `__item! { … }`. Each item the call names spans the call's tokens that wrote it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { lensAt } from "../helpers.js";

type Entry = { name: string; kind: string; startLine: number; endLine: number; exported: boolean; signature?: string; doc?: string; decorators?: string[]; members?: Entry[] };
/** A report's entries, members after their owner, in order. */
const flat = (es: Entry[] | undefined, out: Entry[] = []): Entry[] => {
  for (const e of es ?? []) out.push(e), flat(e.members, out);
  return out;
};

let lens: Lens;
let dir: string;

// libc 0.2.139's src/macros.rs, shortened (the `const-extern-fn` branch of its cfg_if!).
const MACROS = [
  "macro_rules! s {",
  "    ($($(#[$attr:meta])* pub $t:ident $i:ident { $($field:tt)* })*) => ($(",
  "        s!(it: $(#[$attr])* pub $t $i { $($field)* });",
  "    )*);",
  "    (it: $(#[$attr:meta])* pub union $i:ident { $($field:tt)* }) => (",
  "        compile_error!(\"unions cannot derive extra traits, use s_no_extra_traits instead\");",
  "    );",
  "    (it: $(#[$attr:meta])* pub struct $i:ident { $($field:tt)* }) => (",
  "        __item! {",
  "            #[repr(C)]",
  "            $(#[$attr])*",
  "            pub struct $i { $($field)* }",
  "        }",
  "        impl ::Copy for $i {}",
  "    );",
  "}",
  "macro_rules! f {",
  "    ($($(#[$attr:meta])* pub $({$constness:ident})* fn $i:ident(",
  "                $($arg:ident: $argty:ty),*",
  "    ) -> $ret:ty {",
  "        $($body:stmt);*",
  "    })*) => ($(",
  "        #[inline]",
  "        $(#[$attr])*",
  "        pub $($constness)* unsafe extern fn $i($($arg: $argty),*",
  "        ) -> $ret {",
  "            $($body);*",
  "        }",
  "    )*)",
  "}",
  "macro_rules! __item {",
  "    ($i:item) => {",
  "        $i",
  "    };",
  "}",
  "",
].join("\n");

// libc's src/unix/linux_like/mod.rs, shortened.
const UNIX = [
  "pub type c_int = i32;", // 1
  "#[cfg(unix)]",
  "f! {",
  "    /// The first control message header.",
  "    pub fn CMSG_FIRSTHDR(mhdr: *const msghdr) -> *mut cmsghdr {", // 5
  "        if (*mhdr).msg_controllen as usize >= 1 {",
  "            (*mhdr).msg_control as *mut cmsghdr",
  "        } else {",
  "            0 as *mut cmsghdr",
  "        }", // 10
  "    }",
  "",
  "    pub {const} fn CMSG_SPACE(length: ::c_uint) -> ::c_uint {",
  "        (CMSG_ALIGN(length as usize) + 8) as ::c_uint",
  "    }", // 15
  "",
  "    #[allow(ellipsis_inclusive_range_patterns)]",
  "    pub fn FD_CLR(fd: ::c_int, set: *mut fd_set) -> () {",
  "        let fd = fd as usize;",
  "        return", // 20
  "    }",
  "}",
  "",
  "s!(", // (in parentheses: no body of items the grammar could read as they are)
  "    pub struct in_addr {", // 25
  "        pub s_addr: ::in_addr_t,",
  "    }",
  "",
  "    #[cfg(target_os = \"linux\")]",
  "    pub struct ip_mreq {", // 30
  "        pub imr_multiaddr: in_addr,",
  "    }",
  ");",
  "",
].join("\n");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pilens-macro-rep-"));
  writeFileSync(join(dir, "Cargo.toml"), "[package]\nname = \"libc\"\n");
  mkdirSync(join(dir, "src", "unix"), { recursive: true });
  writeFileSync(join(dir, "src", "lib.rs"), "#![no_std]\n#[macro_use]\nmod macros;\npub mod unix;\n");
  writeFileSync(join(dir, "src", "macros.rs"), MACROS);
  writeFileSync(join(dir, "src", "unix", "mod.rs"), UNIX);
  lens = await lensAt(dir);
});

describe("rust: macro calls with repetitions expanded (libc's f!, s!)", () => {
  it("lists each function of libc's f! { … } over its own lines, with its expanded head, doc, attributes and the call's", async () => {
    const r = await lens.moduleReport(join(dir, "src", "unix", "mod.rs"), { detail: "full" } as never);
    const fns = flat(r.api as Entry[]).filter((e) => e.kind === "function");
    expect(fns.map((e) => [e.name, e.startLine, e.endLine, e.exported])).toEqual([
      ["CMSG_FIRSTHDR", 5, 11, true],
      ["CMSG_SPACE", 13, 15, true],
      ["FD_CLR", 17, 21, true],
    ]);
    expect(fns[0]!.signature).toBe("f!{…} → pub unsafe extern fn CMSG_FIRSTHDR(mhdr: *const msghdr) -> *mut cmsghdr");
    expect(fns[1]!.signature).toBe("f!{…} → pub const unsafe extern fn CMSG_SPACE(length: ::c_uint) -> ::c_uint");
    expect(fns[0]!.doc).toBe("The first control message header.");
    // (The call's own attributes first: they are each item's.)
    expect(fns[2]!.decorators).toEqual(["#[cfg(unix)]", "#[inline]", "#[allow(ellipsis_inclusive_range_patterns)]"]);
    // (s!'s impls are no entries: that call is still named.)
    expect(r.warnings?.filter((w) => /macro call/.test(w))).toEqual(["items of 1 macro call not listed (not expanded): s!"]);
  });

  it("expands s!'s nested calls (s!(it: …) → __item! { … }): each struct over its lines, its attributes kept", async () => {
    const r = await lens.moduleReport(join(dir, "src", "unix", "mod.rs"), { detail: "full" } as never);
    const structs = flat(r.api as Entry[]).filter((e) => e.kind === "struct");
    expect(structs.map((e) => [e.name, e.startLine, e.endLine])).toEqual([
      ["in_addr", 25, 27],
      ["ip_mreq", 29, 32],
    ]);
    expect(structs[1]!.decorators).toEqual(["#[repr(C)]", '#[cfg(target_os = "linux")]']);
  });

  it("reads a function of the call by its name: its doc, attributes and body as written in the call", async () => {
    const s = await lens.readSymbol(join(dir, "src", "unix", "mod.rs"), "CMSG_FIRSTHDR");
    expect([s.found, s.kind, s.startLine, s.endLine]).toEqual([true, "function", 4, 11]);
    expect(s.source.split("\n")[0]).toBe("    /// The first control message header.");
    expect(s.source).toContain("0 as *mut cmsghdr");
    const fd = await lens.readSymbol(join(dir, "src", "unix", "mod.rs"), "FD_CLR");
    expect(fd.source).toBe(UNIX.split("\n").slice(16, 21).join("\n"));
  });

  it("matches nested repetitions with `,` and `;` separators and none, and `?`", async () => {
    const src = [
      "macro_rules! consts {", // 1
      "    ($ty:ty; $($(#[$m:meta])* $name:ident = $v:expr),+ $(,)?) => { $( $(#[$m])* pub const $name: $ty = $v; )+ };",
      "}",
      "macro_rules! groups {",
      "    ($($g:ident { $($f:ident: $t:ty);* })*) => { $( pub struct $g { $($f: $t),* } $( pub fn $f() -> $t { todo!() } )* )* };", // 5
      "}",
      "consts!(&'static str;",
      "    A = \"a\",",
      "    #[doc(hidden)]",
      "    B = concat!(\"b\",",  // 10
      "        \"c\"),",
      ");",
      "groups! {",
      "    Point { x: i32; y: i32 }", // 14
      "    Empty { }",
      "}",
      "",
    ].join("\n");
    writeFileSync(join(dir, "src", "reps.rs"), src);
    const r = await lens.moduleReport(join(dir, "src", "reps.rs"), { detail: "full" } as never);
    expect(flat(r.api as Entry[]).map((e) => [e.name, e.kind, e.startLine, e.endLine])).toEqual([
      ["A", "constant", 8, 8],
      ["B", "constant", 9, 11],
      ["Point", "struct", 14, 14],
      ["x", "function", 14, 14],
      ["y", "function", 14, 14],
      ["Empty", "struct", 15, 15],
    ]);
    expect(flat(r.api as Entry[]).find((e) => e.name === "B")!.signature).toBe('consts!(&\'static str; A = "a", #[doc(hidden)] B = concat!("b", "c"), ) → pub const B: &\'static str');
    expect(r.warnings?.filter((w) => /macro call/.test(w))).toEqual([]);
  });

  it("spans an item written deep in the call by its own tokens there (gimli's dw!), a metavariable every iteration repeats left out; no `const _`", async () => {
    const src = [
      "macro_rules! dw {", // 1
      "    ($s:ident($t:ty) { $($name:ident = $val:expr),+ $(,)? }) => {",
      "        pub struct $s(pub $t);",
      "        $( pub const $name: $s = $s($val); )+",
      "        const _: () = ();", // 5
      "    };",
      "}",
      "dw!(",
      "DwCfa(u8) {",
      "    /// Advance the location.", // 10
      "    DW_CFA_advance_loc = 0x01 << 6,",
      "    DW_CFA_offset = 0x02",
      "        << 6,",
      "});",
      "", // 15
    ].join("\n");
    writeFileSync(join(dir, "src", "dw.rs"), src);
    const r = await lens.moduleReport(join(dir, "src", "dw.rs"), { detail: "full" } as never);
    expect(flat([...r.api, ...r.internal] as Entry[]).filter((e) => e.kind !== "macro").map((e) => [e.name, e.kind, e.startLine, e.endLine])).toEqual([
      ["DwCfa", "struct", 9, 9],
      ["DW_CFA_advance_loc", "constant", 11, 11],
      ["DW_CFA_offset", "constant", 12, 13],
    ]);
    expect(flat(r.api as Entry[])[1]!.doc).toBe("Advance the location.");
    const s = await lens.readSymbol(join(dir, "src", "dw.rs"), "DW_CFA_offset");
    expect(s.source).toBe("    DW_CFA_offset = 0x02\n        << 6,");
    expect(r.warnings?.filter((w) => /macro call/.test(w))).toEqual([]);
  });

  it("bounds the work: a macro calling itself forever, or doubling its tokens, stops and says so", async () => {
    const src = [
      "macro_rules! forever {",
      "    ($($t:tt)*) => { pub fn f() {} forever!($($t)* x); };",
      "}",
      "macro_rules! double {",
      "    ($($t:tt)*) => { double!($($t)* $($t)* $($t)* $($t)*); };",
      "}",
      "forever!(a);",
      "double!(a b c d e f g h);",
      "",
    ].join("\n");
    writeFileSync(join(dir, "src", "boom.rs"), src);
    const t = Date.now();
    const r = await lens.moduleReport(join(dir, "src", "boom.rs"), { detail: "full" } as never);
    expect(Date.now() - t).toBeLessThan(5000);
    expect(r.warnings?.filter((w) => /macro call/.test(w))).toEqual([
      "items of 2 macro calls may be missing (expansion stopped at 32 nested calls, 50,000 tokens or 4,096 repetitions): forever!, double!",
    ]);
    expect(flat(r.api as Entry[]).filter((e) => e.name === "f").length).toBeGreaterThan(0);
  });
});

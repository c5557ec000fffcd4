/**
 * MCP inputs as models write them, through the SDK's own Client over stdio: `file:line` paths,
 * numbers sent as strings, and the text around errors and reads (usability QA P5, P12, P16).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { connectMcp, makeProject, toolText as text, type TempProject } from "./project.js";

let project: TempProject;
let client: Client;

beforeAll(async () => {
  project = makeProject();
  writeFileSync(join(project.root, "src", "app.js"), "function add(x, y) {\n  return x + y;\n}\n\nfunction mul(x, y) {\n  const p = x * y;\n  return p;\n}\n");
  writeFileSync(join(project.root, "src", "server.go"), GO_SERVER);
  writeFileSync(join(project.root, "src", "re_unicode.rs"), RUST_REGEX);
  writeFileSync(join(project.root, "src", "hints.ts"), 'export function hint(f: string): string {\n  return `list it (CLI: pilens report ${f} --view compact), or view offset=3 mode signatures`;\n}\n');
  client = await connectMcp(project.root);
});

const RUST_REGEX = [
  "use std::fmt;",
  "",
  "pub struct Regex(String);",
  "",
  "impl fmt::Display for Regex {",
  "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {",
  "        write!(f, \"{}\", self.0)",
  "    }",
  "}",
  "",
  "impl fmt::Debug for Regex {",
  "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {",
  "        f.debug_tuple(\"Regex\").field(&self.0).finish()",
  "    }",
  "}",
  "",
  "impl Regex {",
  "    pub fn is_match(&self, text: &str) -> bool {",
  "        text.contains(&self.0)",
  "    }",
  "}",
  "",
].join("\n");

const GO_SERVER = [
  "package http",
  "",
  "type conn struct{}",
  "",
  "// serve runs one connection.",
  "func (c *conn) serve(ctx int) {",
  "\tdefer func() {",
  "\t\trecover()",
  "\t}()",
  "}",
  "",
  "type HandlerFunc func(int)",
  "",
  "func (f HandlerFunc) ServeHTTP(w int, r int) {",
  "\tf(w)",
  "}",
  "",
  "type Server struct{}",
  "",
  "func (srv *Server) ListenAndServe() error { return nil }",
  "",
  "func ListenAndServe(addr string) error {",
  "\treturn nil",
  "}",
  "",
].join("\n");

afterAll(async () => {
  await client?.close();
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name: `pilens_${name}`, arguments: args });

describe("pilens mcp: inputs as models write them", () => {
  it("read_enclosing takes file:line[:column] (with or without line)", async () => {
    for (const args of [{ file: "src/app.js:6" }, { file: "src/app.js:6:5" }, { file: "src/app.js:6", line: 6 }]) {
      const r = await call("read_enclosing", args);
      expect(r.isError, `${JSON.stringify(args)}: ${text(r)}`).toBeFalsy();
      expect(text(r)).toContain("  const p = x * y;");
      expect(text(r).split("\n")[0]).toMatch(/^read_enclosing .*mul  src\/app\.js:5-8/);
    }
    const none = await call("read_enclosing", { file: "src/app.js" });
    expect([none.isError, text(none)]).toEqual([true, expect.stringMatching(/line: required — pass line, or file as path:line/)]);
  });

  it("read_symbol reads Go's and Rust's stack frames as printed: arguments, package or module path, closure suffix, trait impl", async () => {
    for (const [frame, want] of [
      ["net/http.(*conn).serve(0xc0001b4000, {0x7a4f10, 0xc0000b2000})", "method conn.serve  src/server.go:5-10"],
      ["net/http.(*conn).serve.func1()", "method conn.serve  src/server.go:5-10"],
      ["net/http.HandlerFunc.ServeHTTP(0x5d8a60, {0x7a4f10, 0xc000138000}, 0xc000150000)", "method HandlerFunc.ServeHTTP  src/server.go:14-16"],
      ["net/http.ListenAndServe(...)", "function ListenAndServe  src/server.go:22-24"],
      ["http.ListenAndServe", "function ListenAndServe  src/server.go:22-24"],
      ["net/http.(*Server).ListenAndServe-fm", "method Server.ListenAndServe  src/server.go:20-20"],
    ]) {
      const r = await call("read_symbol", { file: "src/server.go", symbol: frame });
      expect([r.isError ?? false, text(r).split("\n")[0]], frame).toEqual([false, expect.stringContaining(`read_symbol ${want}`)]);
    }
    // Rust's backtrace frames: a trait method by its impl, the crate and module path, a closure, the symbol hash.
    for (const [frame, want] of [
      ["<regex::re_unicode::Regex as core::fmt::Debug>::fmt", "method Regex.fmt  src/re_unicode.rs:12-14"],
      ["<regex::re_unicode::Regex as core::fmt::Display>::fmt", "method Regex.fmt  src/re_unicode.rs:6-8"],
      ["regex::re_unicode::Regex::is_match", "method Regex.is_match  src/re_unicode.rs:18-20"],
      ["regex::re_unicode::Regex::is_match::{{closure}}", "method Regex.is_match  src/re_unicode.rs:18-20"],
      ["regex::re_unicode::Regex::is_match::h0123456789abcdef", "method Regex.is_match  src/re_unicode.rs:18-20"],
    ]) {
      const r = await call("read_symbol", { file: "src/re_unicode.rs", symbol: frame });
      expect([r.isError ?? false, text(r).split("\n")[0]], frame).toEqual([false, expect.stringContaining(`read_symbol ${want}`)]);
    }
    // (Another module's path is another module's: a miss.)
    expect((await call("read_symbol", { file: "src/re_unicode.rs", symbol: "regex::re_bytes::Regex::is_match" })).isError).toBe(true);
    // (A word before a dot that is no package of the file is no package: `Foo.ListenAndServe` stays a miss.)
    const other = await call("read_symbol", { file: "src/server.go", symbol: "Foo.ListenAndServe" });
    expect([other.isError, text(other)]).toEqual([true, expect.stringContaining("not found: Foo.ListenAndServe")]);
  });

  it("a symbol or focus far too long is said clipped, once — not echoed whole (20,000 characters had come back three times; 60,000, a regex error)", async () => {
    for (const n of [20_000, 60_000]) {
      const r = await call("read_symbol", { file: "src/service.ts", symbol: "a".repeat(n) });
      expect([r.isError, text(r)]).toEqual([true, `read_symbol error: symbol name is ${n.toLocaleString("en")} characters long (at most 1,000): pass a name, a qualified name or name@line`]);
    }
    // Every other argument of such a length: refused in one line that names it, not said back.
    const huge = "x".repeat(50_000);
    for (const [tool, args] of [
      ["module_report", { file: huge }], ["module_report", { file: "src/service.ts", view: huge }], ["read_symbol", { file: "src/service.ts", symbol: "parsePort", kind: huge }],
      ["read_enclosing", { file: "src/app.js", line: 2, kinds: ["function", huge] }], ["symbol_search", { query: "parsePort", lang: huge }], ["symbol_search", { query: "parsePort", paths: huge }],
      ["view", { file: "src/app.js", cwd: huge }],
    ] as const) {
      const r = await call(tool, args);
      const key = Object.entries(args).find(([, v]) => v === huge || (Array.isArray(v) && v.includes(huge)))![0];
      expect([r.isError, text(r)], `${tool} ${key}`).toEqual([true, `${tool} error: bad arguments: ${key}: 50,000 characters long (at most 4,096)`]);
    }
    // A long C++-like frame under the cap is still a read (a miss, here), not refused.
    const frame = await call("read_symbol", { file: "src/service.ts", symbol: `ConfigStore.load<${"std::map<int, int>, ".repeat(40)}>` });
    expect(text(frame)).not.toMatch(/characters long/);
    const focus = ["z".repeat(5000), ...Array.from({ length: 30 }, (_, i) => `nosuch${i}`)].join(" ");
    const rep = await call("module_report", { file: "src/service.ts", view: "compact", focus });
    expect(rep.isError, text(rep)).toBeFalsy();
    expect(text(rep).length).toBeLessThan(3000);
    expect(text(rep)).toMatch(/focus "z+…" matched no symbol/);
    expect(text(rep)).toMatch(/26 more focus terms matched no symbol/);
  });

  it("a cwd that is no folder is said so, for a file tool and for symbol_search", async () => {
    for (const [cwd, what] of [["nonexist", "no such folder"], ["src/app.js", "not a folder"]]) {
      for (const [tool, args] of [["module_report", { file: "service.ts" }], ["symbol_search", { query: "parsePort", paths: "." }]] as const) {
        const r = await call(tool, { ...args, cwd });
        expect([r.isError, text(r)], `${tool} ${cwd}`).toEqual([true, expect.stringMatching(new RegExp(`^${tool} error: bad arguments: cwd: ${what}: \\S+${cwd.replace(".", "\\.")} — pass a folder`))]);
      }
    }
    const ok = await call("module_report", { file: "service.ts", cwd: "src", view: "summary" });
    expect(ok.isError, text(ok)).toBeFalsy();
  });

  it("takes whole numbers sent as strings (models do); a string that is no whole number is still refused", async () => {
    const r = await call("read_enclosing", { file: "src/app.js", line: "6" });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain("  const p = x * y;");
    const v = await call("view", { file: "src/service.ts", mode: "full", offset: "2", limit: "3" });
    expect(v.isError, text(v)).toBeFalsy();
    expect(text(v).split("\n")[0]).toMatch(/^view src\/service\.ts full 2-4 of /);
    const rep = await call("module_report", { file: "src/service.ts", maxRefsPerSymbol: "2", blastRadius: true, blastRadiusDepth: " 2 " });
    expect(rep.isError, text(rep)).toBeFalsy();
    for (const line of ["abc", "2.5", ""]) {
      const bad = await call("read_enclosing", { file: "src/app.js", line });
      expect([bad.isError, text(bad)], line).toEqual([true, expect.stringMatching(/line/)]);
    }
    const tooDeep = await call("module_report", { file: "src/service.ts", blastRadius: true, blastRadiusDepth: "50" });
    expect([tooDeep.isError, text(tooDeep)]).toEqual([true, expect.stringMatching(/too big.*blastRadiusDepth/i)]);
  });

  it("says an error once, a read's header once, and the compact view's hint in the tool's own terms", async () => {
    const miss = text(await call("read_symbol", { file: "src/service.ts", symbol: "parsePrt" })).split("\n");
    expect(miss[0]).toBe("read_symbol error: not found: parsePrt in src/service.ts");
    expect(miss.filter((l) => l.includes("not found: parsePrt"))).toHaveLength(1);
    expect(miss.join("\n")).toMatch(/did you mean parsePort\? — list its symbols with module_report$/);
    // The host's tools, not the CLI's commands (`(CLI: pilens report …)` had followed every miss's hint).
    for (const [file, symbol] of [["src/service.ts", "zzzqqq"], ["src/service.ts", "helper"], ["src/server.go", "net/http.(*conn).nope(0xc000, {0x1})"]]) {
      const t = text(await call("read_symbol", { file, symbol }));
      expect(t, symbol).not.toMatch(/CLI|pilens (report|read|search)/);
      expect(t, symbol).toMatch(/module_report|read it in|symbol_search/);
    }
    // The read tier by its MCP name; and a read's source text as it is, though it looks like a hint.
    const outline = text(await call("read_symbol", { file: "src/service.ts", symbol: "ConfigStore", maxLines: 2 }));
    expect(outline).toMatch(/or a window with pilens_view offset\/limit/);
    const src = text(await call("read_symbol", { file: "src/hints.ts", symbol: "hint" }));
    expect(src).toContain("  return `list it (CLI: pilens report ${f} --view compact), or view offset=3 mode signatures`;");
    const pkg = text(await call("read_symbol", { file: "src/server.go", symbol: "net/http.(*conn).nope(0xc000, {0x1})" }));
    expect(pkg).toMatch(/find it in other files with symbol_search$/m);
    const nofile = text(await call("read_symbol", { file: "src/nope.js", symbol: "x" })).split("\n");
    expect(nofile).toEqual([expect.stringMatching(/^read_symbol error: file not found: \S+nope\.js$/)]);
    const read = text(await call("read_symbol", { file: "src/service.ts", symbol: "ConfigStore.load" })).split("\n");
    expect(read.slice(0, 2)).toEqual(["read_symbol method ConfigStore.load  src/service.ts:8-15 · 8 lines", "  /** Read one file, cached. */"]);
    const enc = text(await call("read_enclosing", { file: "src/app.js", line: 6 })).split("\n");
    expect(enc.slice(0, 2)).toEqual(["read_enclosing function mul  src/app.js:5-8", "function mul(x, y) {"]);
    const big = ["export class A {", ...Array.from({ length: 120 }, (_, i) => `  /** Doc ${i}. */\n  m${i}(x: number, y: string): Promise<Map<string, number>> { return this.m${i}(x, y); }`), "}", ""].join("\n");
    writeFileSync(join(project.root, "src", "big.ts"), big);
    const compact = text(await call("module_report", { file: "src/big.ts", view: "compact" }));
    expect(compact).toMatch(/^\(trimmed.*; detail "full"\)$/m);
    expect(compact).not.toMatch(/--detail/);
  });
});

/**
 * A pack author's mistakes said plainly (QA round P, third-party packs written from the docs alone):
 * typos that had made silently empty outlines are warnings naming the pack and the `.scm` file; what a
 * tap returns is checked; a tap's error names the hook, the tap and the pack's file:line; kinds outside
 * the vocabulary are named; a query's compile error says file:line:column; an unnamed tap says taps
 * need a name. And no built-in pack warns.
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLens } from "../config/index.js";
import { builtinPacks } from "../language-packs/index.js";
import { Lens } from "../core/engine.js";
import { fixtures, lensAt, repoRoot } from "./helpers.js";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "pilens-packerr-"));
  mkdirSync(join(root, ".git"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const PHP = "<?php\n/** Doc. */\nfunction f($a) { return array_map(fn($x) => $x, $a); }\nclass K { public function m() {} }\n";

/** A project with one pack (`pack/index.mjs`, plus extra files) serving `.php`, and a.php. */
async function withPack(index: string, extra: Record<string, string> = {}) {
  const root = project({ "pack/index.mjs": index, ...extra, "a.php": PHP, ".pilensrc.json": JSON.stringify({ packs: ["./pack/index.mjs"] }) });
  const lens = await createLens({ cwd: root });
  return lens.moduleReport("a.php");
}

const pack = (spec: string, apply = "") =>
  `export default { meta: { name: "p", version: "1" }, languages: [{ id: "php-x", extensions: [".php"], grammar: "php", ${spec} }]${apply ? `, apply(hooks) { ${apply} }` : ""} };\n`;
const TAGS = "(function_definition name: (name) @name) @definition.function (class_declaration name: (name) @name) @definition.class";

describe("pack typos are warnings (D1)", () => {
  it("@definition.funktion: the pack, the .scm file and line:column, the kind and a did-you-mean", async () => {
    const r = await withPack(pack(`queries: { tags: new URL("./tags.scm", import.meta.url) }`), {
      "pack/tags.scm": "(class_declaration name: (name) @name) @definition.class\n\n(function_definition\n  name: (name) @name) @definition.funktion\n",
    });
    expect(r.available).toBe(true);
    expect(r.warnings?.join("\n")).toMatch(/pack p \(\.\/pack\/index\.mjs\) \(php-x\): \S*pack\/tags\.scm:3:1: @definition\.funktion: "funktion" is no kind pilens knows \(did you mean @definition\.function\?\)/);
  });

  it("@definitions.function and @nam (inline query): each named", async () => {
    const kinds = await withPack(pack(`queries: { tags: '(function_definition name: (name) @name) @definitions.function' }`));
    expect(kinds.warnings?.join("\n")).toMatch(/inline tags query:1:1: @definitions\.function is not @definition\.<kind> \(did you mean @definition\.function\?\)/);
    const name = await withPack(pack(`queries: { tags: '(function_definition name: (name) @nam) @definition.function' }`));
    expect(name.warnings?.join("\n")).toMatch(/inline tags query:1:1: @definition\.function pattern has no @name capture \(@nam\?\)/);
  });

  it("a predicate pilens does not run (#lua-match?) is named; #match? and #eq? filter as documented", async () => {
    const tags = `((function_definition name: (name) @name) @definition.function (#lua-match? @name "^x")) ((class_declaration name: (name) @name) @definition.class (#match? @name "^K$")) ((method_declaration name: (name) @name) @definition.method (#eq? @name "nope"))`;
    const r = await withPack(pack(`queries: { tags: '${tags}' }`));
    expect(r.warnings?.join("\n")).toMatch(/inline tags query:1:1: #lua-match\? is no predicate pilens runs — ignored/);
    const names = (es: typeof r.api) => (es ?? []).flatMap((e): string[] => [e.name, ...names(e.members)]);
    expect([...names(r.api), ...names(r.internal)].sort()).toEqual(["K", "f"]);
  });

  it("an unknown LanguageSpec key (querys) and a language with no tags query nor extract tap", async () => {
    const r = await withPack(pack(`querys: { tags: '${TAGS}' }`));
    const w = r.warnings?.join("\n") ?? "";
    expect(w).toMatch(/pack p \(\.\/pack\/index\.mjs\): unknown LanguageSpec \(php-x\) key "querys" \(did you mean "queries"\?\)/);
    expect(w).toMatch(/language php-x has no tags query \(queries\.tags\) and no extract tap — its outlines are always empty/);
  });

  it("a correct pack has no such warning; @callback.call without @callback.base is named", async () => {
    const r = await withPack(pack(`queries: { tags: '${TAGS}', callbacks: '(assignment_expression right: (arrow_function) @callback.call)' }`));
    expect(r.api?.map((e) => e.name) ?? r.internal?.map((e) => e.name)).toBeDefined();
    expect(r.warnings?.filter((w) => w.includes("pack p"))).toEqual([expect.stringMatching(/inline callbacks query:1:1: @callback\.call without @callback\.base/)]);
  });

  it("no built-in pack warns (every language's pack shape and queries)", async () => {
    const lens = await Lens.create({ cwd: tmpdir(), root: tmpdir() });
    const registry = (lens as unknown as { registry: { trustBuiltins: boolean; load(m: unknown, id: string): Promise<{ warnings: string[]; queries: { prepare(): void; warnings: string[] } }> } }).registry;
    registry.trustBuiltins = false; // built-ins are not checked in use (registry.ts): here they are
    const found: string[] = [];
    for (const m of builtinPacks) {
      for (const l of m.languages) {
        const lang = await registry.load(m, l.id).catch((e: Error) => ({ warnings: [`${l.id}: ${e.message}`], queries: { prepare() {}, warnings: [] } }));
        lang.queries.prepare();
        found.push(...lang.warnings, ...lang.queries.warnings);
      }
    }
    expect(found.filter((w) => !/ABI|resolved is not a function|elm|ql\b/.test(w))).toEqual([]);
  }, 120_000);

  it("no built-in pack's tap sets a kind outside the vocabulary or returns a bad value (every fixture)", async () => {
    const lens = await lensAt(repoRoot);
    lens.registry.trustBuiltins = false; // their taps guarded and their returns checked, as a third-party pack's
    const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith(".outline") ? [] : [join(dir, n)]));
    const found: string[] = [];
    for (const f of files(fixtures)) {
      const r = await lens.moduleReport(f);
      found.push(...(r.warnings ?? []).filter((w) => /outside the shared vocabulary| tap "|analysis failed|failed for|^pack /.test(w)).map((w) => `${f}: ${w}`));
    }
    expect(found).toEqual([]);
  }, 120_000);
});

describe("taps: return values, errors, kinds, names", () => {
  it("an extract tap returning null, {}, \"x\" or a record without fields: an error naming the hook and tap (served by the next pack)", async () => {
    for (const [ret, said] of [
      ["null", /extract tap "bad-pack" returned null; expected an array of records/],
      ["({})", /extract tap "bad-pack" returned an object; expected an array of records/],
      ['"x"', /extract tap "bad-pack" returned "x"; expected an array of records/],
      ['[{ name: "z" }]', /extract tap "bad-pack" returned a record \(item 0, z\) without kind \(string\), startLine \(number\), endLine \(number\), members \(array\)/],
    ] as const) {
      const r = await withPack(pack(`queries: { tags: '${TAGS}' }`, `hooks.extract.for("php-x").tap("bad-pack", () => ${ret});`));
      expect(r.available).toBe(true);
      expect(r.warnings?.join("\n")).toMatch(new RegExp(`analysis failed in pack p \\(\\./pack/index\\.mjs\\) \\(php-x\\): ${said.source}.* — served by pack generic instead`));
    }
  });

  it("a tap's thrown error names the hook, the tap and the pack's file:line", async () => {
    const index = pack(`queries: { tags: '${TAGS}' }`, `hooks.extract.for("php-x").tap("bad-pack", (r, ctx) => {\n  const o = undefined;\n  return o.x;\n});`);
    const r = await withPack(index);
    expect(r.warnings?.join("\n")).toMatch(/analysis failed in pack p \(\.\/pack\/index\.mjs\) \(php-x\): extract tap "bad-pack" threw: Cannot read properties of undefined \(reading 'x'\) \(\S*pack\/index\.mjs:3\)/);
    const doc = await withPack(pack(`queries: { tags: '${TAGS}' }`, `hooks.doc.for("php-x").tap("p", () => { throw new Error("Boom"); });`));
    expect(doc.warnings?.join("\n")).toMatch(/doc tap "p" threw: Boom \(\S*pack\/index\.mjs:1\)/);
    const apply = await withPack(pack(`queries: { tags: '${TAGS}' }`, `throw new Error("in apply");`));
    expect(apply.warnings?.join("\n")).toMatch(/language pack p \(\.\/pack\/index\.mjs\) failed for php-x: in apply \(\S*pack\/index\.mjs:1\)/);
  });

  it("a kind a tap sets outside the vocabulary: a warning naming the pack and the kind; the entry is kept", async () => {
    const r = await withPack(pack(`queries: { tags: '${TAGS}' }`, `hooks.extract.for("php-x").tap("bad-pack", (rs) => { for (const x of rs) if (x.name === "f") x.kind = "funktion"; return rs; });`));
    expect([...(r.api ?? []), ...(r.internal ?? [])].map((e) => [e.kind, e.name])).toContainEqual(["funktion", "f"]);
    expect(r.warnings?.join("\n")).toMatch(/pack p \(\.\/pack\/index\.mjs\) set kind "funktion" \(f\) outside the shared vocabulary \(function, method, .*\) — kept as written/);
  });

  it("a query that does not compile: its .scm file and line:column", async () => {
    const r = await withPack(pack(`queries: { tags: new URL("./queries/tags.scm", import.meta.url) }`), {
      "pack/queries/tags.scm": "(function_definition name: (name) @name) @definition.function\n\n(class_declaration\n  name: (name) @name)) @definition.class\n",
    });
    expect(r.warnings?.join("\n")).toMatch(/php-x query "tags" does not compile: \S*pack\/queries\/tags\.scm:4:22: Bad syntax: '\) @definition\.class'\.\.\. — served by pack generic instead/);
  });

  it("hooks.extract.tap(…) (the map's old API) and a tap without a name: errors saying how to tap", async () => {
    const old = await withPack(pack(`queries: { tags: '${TAGS}' }`, `hooks.extract.tap("bad-pack", (r) => r);`));
    expect(old.warnings?.join("\n")).toMatch(/failed for php-x: hooks\.extract is a map of hooks, one per language .*: tap hooks\.extract\.for\("<language id>"\)\.tap\("my-pack", fn\)/);
    const unnamed = await withPack(pack(`queries: { tags: '${TAGS}' }`, `hooks.flags.for("php-x").tap((f) => f);`));
    expect(unnamed.warnings?.join("\n")).toMatch(/failed for php-x: hooks\.flags\.for\("php-x"\)\.tap\(name, fn\): a tap needs a name first/);
  });
});

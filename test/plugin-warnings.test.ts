/**
 * A third-party pack or renderer that is broken, or a `.pilensrc` setting nothing uses, is said — in
 * the reports, in `pilens index`/`search`, in the CLI's errors — never silently turned into "unknown
 * view", a generic-pack graph or an ignored key. Also: the generic pack's heuristic languages say their
 * outline is heuristic (and when `exported` is a guess); a callbacks query whose `@callback.call` has no
 * `@callback.base` says its callbacks are incomplete.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLens } from "../config/index.js";
import { repoRoot, serverEnv } from "./helpers.js";

const BIN = join(repoRoot, "bin", "pilens.cjs");

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "pilens-plugwarn-"));
  mkdirSync(join(root, ".git"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

function cli(root: string, ...args: string[]) {
  const cache = mkdtempSync(join(tmpdir(), "pilens-plugwarn-cache-"));
  return spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: "utf8", env: serverEnv({ PILENS_CACHE_DIR: cache }) });
}

const TS = "/** Adds. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n";
const PHP = "<?php\nfunction f($a) { return array_map(fn($x) => $x, $a); }\n";

describe("broken renderers are named", () => {
  const root = project({
    ".pilensrc": "renderers: [./r/imp.mjs, ./r/apply.mjs, ./r/json.mjs]\ndefaultView: md\n",
    "r/imp.mjs": 'throw new Error("rboom");\nexport default {};\n',
    "r/apply.mjs": 'export default { meta: { name: "r-md2", version: "1" }, name: "md2", apply() { throw new Error("apply-boom"); } };\n',
    "r/json.mjs": 'export default { meta: { name: "r-json", version: "1" }, name: "json", apply(h) { h.render.for("json").tap("r-json", () => "HIJACKED"); } };\n',
    "a.ts": TS,
  });

  it("a view whose renderer failed to import is unavailable with the import error; a broken defaultView falls back to json", () => {
    const md = cli(root, "report", "a.ts", "--view", "md");
    expect(md.stderr).toMatch(/view "md" is unavailable: renderer "\.\/r\/imp\.mjs" failed to load: rboom \(available: json, compact, summary\)/);
    expect(md.stderr).not.toContain("usage:");
    expect(md.status).toBe(1);
    const dflt = cli(root, "report", "a.ts");
    expect(dflt.status).toBe(0);
    const report = JSON.parse(dflt.stdout) as { api: { name: string }[]; warnings: string[] };
    expect(report.api.map((e) => e.name)).toEqual(["add"]);
    expect(report.warnings).toContain('defaultView: view "md" is unavailable: renderer "./r/imp.mjs" failed to load: rboom — reports use the json view');
    // Other commands run too.
    expect(cli(root, "read", "a.ts", "add").status).toBe(0);
  });

  it("a renderer that throws in apply is an error naming it, not a usage error; one named like a built-in view is said", () => {
    const md2 = cli(root, "report", "a.ts", "--view", "md2");
    expect(md2.stderr).toBe('pilens report: view "md2" is unavailable: renderer "r-md2" failed in apply: apply-boom (available: json, compact, summary)\n');
    expect(md2.status).toBe(1);
    const json = JSON.parse(cli(root, "report", "a.ts", "--view", "json").stdout) as { warnings: string[] };
    expect(json.warnings.join("\n")).toMatch(/renderer "r-json" is named "json", a view renderer "renderer:json" already answers first: .*give the renderer its own view name/);
    // A name no renderer serves, with no renderer failing to load, is still a usage error.
    const plain = project({ "a.ts": TS });
    const typo = cli(plain, "report", "a.ts", "--view", "compcat");
    expect([typo.status, typo.stderr]).toEqual([2, expect.stringMatching(/unknown view "compcat" \(available: json, compact, summary\)\nusage: pilens report/)]);
  });
});

describe("pilens index says which packs failed", () => {
  it("a pack that failed to import, and one that failed in apply (its files indexed by the generic pack)", () => {
    const root = project({
      ".pilensrc": "packs: [./p/imp.mjs, ./p/apply.mjs]\n",
      "p/imp.mjs": 'throw new Error("boom-import");\nexport default {};\n',
      "p/apply.mjs": 'export default { meta: { name: "php-apply", version: "1" }, languages: [{ id: "php-x", extensions: [".php"], grammar: "php" }], apply() { throw new Error("boom-apply"); } };\n',
      "a.php": PHP,
      "b.php": PHP,
    });
    const r = cli(root, "index");
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/pilens index: warning: pack "\.\/p\/imp\.mjs" from .*\.pilensrc failed to load: boom-import/);
    expect(r.stderr).toMatch(/pilens index: warning: language pack php-apply \(\.\/p\/apply\.mjs\) failed for php-x: boom-apply \(p\/apply\.mjs:1\) — 2 files \(first: [ab]\.php\) served by pack generic instead/);
    const json = JSON.parse(cli(root, "index", "--json", "--rebuild").stdout) as { warnings: string[] };
    expect(json.warnings.join("\n")).toContain("boom-import");
  });

  it("the MCP server's background index logs them whole", async () => {
    const root = project({ ".pilensrc": "packs: [./p/imp.mjs]\n", "p/imp.mjs": 'throw new Error("boom-import");\nexport default {};\n', "a.php": PHP });
    const cache = mkdtempSync(join(tmpdir(), "pilens-plugwarn-cache-"));
    const server = spawn(process.execPath, [BIN, "mcp"], { cwd: root, env: serverEnv({ PILENS_CACHE_DIR: cache }), stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no index warning in: ${err}`)), 25_000);
        server.stderr.on("data", (d: Buffer) => {
          err += d.toString();
          if (/index warning: .*boom-import/.test(err)) clearTimeout(timer), resolve();
        });
      });
    } finally {
      server.kill();
    }
    expect(err).toMatch(/index warning: pack "\.\/p\/imp\.mjs" from .*failed to load: boom-import/);
  }, 30_000);
});

describe("the generic pack's heuristic languages say so", () => {
  it("provenance says heuristic (no tags query) and an OCaml export guess is a warning; query languages and Zig's `pub` are unchanged", async () => {
    const root = project({
      ".pilensrc": "{}\n",
      "q.ml": "let push q x = x :: q\nlet _hidden = 1\n",
      "i.zig": "pub fn add(a: i32, b: i32) i32 {\n    return a + b;\n}\nfn local() void {}\n",
      "r.rb": "class Shape\n  def area\n    0\n  end\nend\n",
    });
    const lens = await createLens({ cwd: root });
    const ml = await lens.moduleReport("q.ml");
    expect(ml.provenance?.symbols).toBe("tree-sitter (generic pack, heuristic: no tags query)");
    expect(ml.provenance?.imports).toBe("none read: the generic pack has no imports query for ocaml");
    expect(ml.api?.map((e) => e.name)).toEqual(["push"]);
    expect(ml.warnings?.join("\n")).toMatch(/exported is a guess: an OCaml module exports what its \.mli interface declares/);
    const zig = await lens.moduleReport("i.zig");
    expect(zig.provenance?.symbols).toBe("tree-sitter (generic pack, heuristic: no tags query)");
    expect(zig.api?.map((e) => e.name)).toEqual(["add"]);
    expect(zig.warnings?.join("\n") ?? "").not.toContain("exported is a guess");
    const rb = await lens.moduleReport("r.rb");
    expect(rb.provenance?.symbols).toBe("tree-sitter (generic pack)");
    expect(rb.provenance?.imports).toBe("tree-sitter (generic pack)");
  });
});

describe(".pilensrc languages and pack metadata", () => {
  const optPack = `export default { meta: { name: "opt-pack", version: "1" }, options: { privateIsInternal: false }, languages: [{ id: "optl", extensions: [".optl"], grammar: "python", queries: { tags: "(function_definition name: (identifier) @name) @definition.function" } }] };\n`;

  it("an unknown language id, an option a pack does not declare, an option of a built-in pack are warnings naming the key", async () => {
    const root = project({
      "p/opt.mjs": optPack,
      "a.optl": "def f():\n    pass\n",
      ".pilensrc": "packs: [./p/opt.mjs]\nlanguages:\n  phpx: { foo: 1 }\n  optl: { privateIsInternl: true, privateIsInternal: true }\n  typescript: { strict: true }\n",
    });
    const lens = await createLens({ cwd: root });
    const w = (await lens.moduleReport("a.optl")).warnings!.join("\n");
    expect(w).toMatch(/languages\.phpx: unknown language id "phpx", its options are not used \(known ids: .*\boptl\b.*\btypescript\b/);
    expect(w).toMatch(/languages\.optl\.privateIsInternl: pack opt-pack \(\.\/p\/opt\.mjs\) declares no option "privateIsInternl", the setting is not used \(its options: privateIsInternal\)/);
    expect(w).not.toMatch(/languages\.optl\.privateIsInternal:/);
    expect(w).toMatch(/languages\.typescript\.strict: pack typescript \(built-in\) declares no option "strict".*\(it takes no options\)/);
  });

  it("the duplicate-id warning names the pack serving the id; a pack without meta.version is said", async () => {
    const pack = (name: string, id: string, ext: string, version = '"1"') =>
      `export default { meta: { name: "${name}"${version ? `, version: ${version}` : ""} }, languages: [{ id: "${id}", extensions: ["${ext}"], grammar: "php" }] };\n`;
    const root = project({
      "p1.mjs": pack("pack-1", "php-1", ".php"),
      "p2.mjs": pack("pack-2", "php-1", ".phtml"),
      "p3.mjs": pack("pack-3", "typescript", ".tsx"),
      "p4.mjs": pack("pack-4", "php-4", ".php4", ""),
      ".pilensrc": "packs: [./p1.mjs, ./p2.mjs, ./p3.mjs, ./p4.mjs]\n",
      "a.ts": TS,
    });
    const w = (await (await createLens({ cwd: root })).moduleReport("a.ts")).warnings!.join("\n");
    expect(w).toMatch(/pack "\.\/p2\.mjs" declares language id "php-1", which pack pack-1 \(\.\/p1\.mjs\) already serves/);
    expect(w).toMatch(/pack "\.\/p3\.mjs" declares language id "typescript", which pack typescript \(built-in\) already serves/);
    expect(w).toMatch(/pack pack-4 \(\.\/p4\.mjs\) has no meta\.version: the project graph cannot tell when the pack changes/);
  });

  it("broken JSON in .pilensrc is a JSON error, not a YAML one", async () => {
    const root = project({ ".pilensrc": '{"packs": ["./p"\n', "a.ts": TS });
    await expect(createLens({ cwd: root })).rejects.toThrow(/JSON Error in .*\.pilensrc/);
    // YAML flow style opening with `{` still reads as YAML.
    const flow = project({ ".pilensrc": "{ defaultView: compact }\n", "a.ts": TS });
    expect((await createLens({ cwd: flow })).defaultView).toBe("compact");
  });
});

describe("callbacks query honesty", () => {
  it("`@callback.call` without `@callback.base` under callbackSupport tuned: a warning and provenance say the list is incomplete", async () => {
    // (An assigned function: no call's argument, so no callee to take from the tree either.)
    const pack = `export default { meta: { name: "cb", version: "1" }, languages: [{ id: "php-cb", extensions: [".php"], grammar: "php", callbackSupport: "tuned",
  queries: { tags: "(function_definition name: (name) @name) @definition.function", callbacks: "(assignment_expression right: (arrow_function) @callback.call)" },
  callbackRules: [{ callee: /^array_map$/, kind: "iteratee" }] }] };\n`;
    const root = project({ "p.mjs": pack, ".pilensrc": "packs: [./p.mjs]\n", "a.php": "<?php\nfunction f($a) { $g = fn($x) => $x; return $g; }\n" });
    const r = await (await createLens({ cwd: root })).moduleReport("a.php");
    expect(r.callbacks).toEqual([]);
    expect(r.provenance?.callbacks).toBe("tree-sitter (cb (./p.mjs) pack, tuned; incomplete: `@callback.call` matches without `@callback.base` dropped)");
    // Said once, by the query check that names the pattern's place (pack-checks.ts); callbacks.ts says it
    // (with its count) only when that check did not.
    expect(r.warnings?.filter((w) => w.includes("@callback.base"))).toEqual(["pack cb (./p.mjs) (php-cb): inline callbacks query:1:1: @callback.call without @callback.base (the callee the callbackRules match) — its matches make no callbacks"]);
  });

  it("a leaf pattern — the function inside argument nodes — takes its callee from the enclosing call; no warning", async () => {
    const pack = `export default { meta: { name: "cb", version: "1" }, languages: [{ id: "php-cb", extensions: [".php"], grammar: "php", callbackSupport: "tuned",
  queries: { tags: "(function_definition name: (name) @name) @definition.function", callbacks: "(argument (arrow_function) @callback.call)" },
  callbackRules: [{ callee: /^array_map$/, kind: "iteratee" }] }] };\n`;
    const root = project({ "p.mjs": pack, ".pilensrc": "packs: [./p.mjs]\n", "a.php": PHP });
    const r = await (await createLens({ cwd: root })).moduleReport("a.php");
    expect(r.callbacks?.map((c) => `${c.kind} ${c.name}`)).toEqual(["iteratee array_map@2"]);
    expect(r.provenance?.callbacks).not.toMatch(/incomplete/);
    expect(r.warnings?.filter((w) => w.includes("callback")) ?? []).toEqual([]);
  });
});

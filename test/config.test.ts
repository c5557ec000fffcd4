/**
 * `.pilensrc` end to end: found from a subdirectory, validated with errors naming file and key,
 * third-party packs loaded from paths and isolated when they fail, the example pack under examples/.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createLens, loadConfig } from "../config/index.js";
import { configSchema } from "../config/schema.js";
import { outlineText } from "../testing/index.js";
import { repoRoot } from "./helpers.js";

const BIN = join(repoRoot, "bin", "pilens.cjs");

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "pilens-config-"));
  mkdirSync(join(root, ".git"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const TS = "/** Adds. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n";

describe(".pilensrc discovery and validation", () => {
  it("run from a folder that is no project, a file of a project inside it is served under that project (its .pilensrc); a loose file under the folder", () => {
    const top = mkdtempSync(join(tmpdir(), "pilens-unmarked-"));
    mkdirSync(join(top, "proj", "src"), { recursive: true });
    mkdirSync(join(top, "loose"));
    writeFileSync(join(top, "proj", ".pilensrc"), "defaultView: compact\n");
    writeFileSync(join(top, "proj", "src", "a.ts"), TS);
    writeFileSync(join(top, "loose", "b.ts"), TS);
    const out = execFileSync(process.execPath, [BIN, "report", "proj/src/a.ts", "loose/b.ts"], { cwd: top, encoding: "utf8" });
    const [compact, json] = out.split(/\n(?=\{)/);
    expect(compact).toMatch(/^proj\/src\/a\.ts typescript 4L/);
    expect(JSON.parse(json!)).toMatchObject({ available: true, path: "loose/b.ts" });
  });

  it("honours defaultView from a subdirectory (library and CLI)", async () => {
    const root = project({ ".pilensrc": "defaultView: compact\n", "pkg/deep/src/a.ts": TS, "pkg/package.json": "{}" });
    const cwd = join(root, "pkg", "deep");
    const lens = await createLens({ cwd });
    expect(lens.defaultView).toBe("compact");
    const out = execFileSync(process.execPath, [BIN, "report", "src/a.ts", "--detail", "full"], { cwd, encoding: "utf8" });
    expect(out.split("\n")[0]).toMatch(/^src\/a\.ts typescript 4L ~\d+ tok — 1 symbol, 1 exported/);
    expect(out).toMatch(/\n\s*2-4\s+fn\s+add\(a: number, b: number\): number\s+— Adds\./);
  });

  it("rejects defaultView: 42 naming the file and the key", async () => {
    const root = project({ ".pilensrc": "defaultView: 42\n", "sub/a.ts": TS });
    await expect(createLens({ cwd: join(root, "sub") })).rejects.toThrow(/\.pilensrc: defaultView: .*expected string/);
    const r = spawnSync(process.execPath, [BIN, "report", "a.ts"], { cwd: join(root, "sub"), encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(join(root, ".pilensrc"));
    expect(r.stderr).toContain("defaultView");
  });

  it("names misspelt and out-of-range keys, and a view that does not exist", async () => {
    const root = project({ ".pilensrc.json": JSON.stringify({ defaultVeiw: "compact", thresholds: { highFanout: -1 } }) });
    await expect(loadConfig(root)).rejects.toThrow(/\.pilensrc\.json: .*thresholds\.highFanout: .*defaultVeiw: unknown key/);
    // A key that lives elsewhere says where (QA round Y).
    await expect(loadConfig(project({ ".pilensrc.yml": "index:\n  ignore: [gen/**]\n" }))).rejects.toThrow(/index\.ignore: unknown key \(ignore globs are the top-level `ignore` key\)/);
    const bad = project({ ".pilensrc.yml": "defaultView: fancy\n" });
    await expect(createLens({ cwd: bad })).rejects.toThrow(/defaultView: unknown view "fancy" \(available: json, compact, summary/);
  });

  it("reads package.json#pilens and pilens.config.mjs with defineConfig, settings reach the engine", async () => {
    const a = project({ "package.json": JSON.stringify({ name: "x", pilens: { thresholds: { highComplexity: 2 }, maxCallbacks: 3 } }) });
    const la = await createLens({ cwd: a });
    expect(la.settings.highComplexity).toBe(2);
    expect(la.settings.maxCallbacks).toBe(3);
    const b = project({ "pilens.config.mjs": `export default { rankWeights: { exported: 5 }, readGuard: "block" };\n` });
    const lb = await createLens({ cwd: b });
    expect(lb.settings.rankWeights).toMatchObject({ exported: 5, usedBy: 2 });
    expect((await loadConfig(b)).config.readGuard).toBe("block");
  });

  it("an option said to be unused is out of the graph's stamp (it had rebuilt every graph, QA round B)", async () => {
    const plain = await createLens({ cwd: project({ "a.ts": TS }) });
    const unused = project({ "a.ts": TS, ".pilensrc": "languages:\n  typescript:\n    strictness: high\n  klingon:\n    x: 1\n" });
    const lens = await createLens({ cwd: unused });
    expect(lens.warnings.join("\n")).toMatch(/languages\.typescript\.strictness: pack .* declares no option "strictness", the setting is not used/);
    expect(lens.analyzer()).toEqual(plain.analyzer());
  });

  it("without a config file, does not load cosmiconfig (it does with one)", () => {
    const loadsCosmiconfig = (root: string): boolean => {
      const script = `const m = await import(${JSON.stringify(join(repoRoot, "dist", "config", "index.js"))});
        await m.createLens({ cwd: ${JSON.stringify(root)} });
        const { createRequire } = await import("node:module");
        console.log(Object.keys(createRequire(import.meta.url).cache).some((p) => p.includes("cosmiconfig")));`;
      return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
    };
    expect(loadsCosmiconfig(project({ "a.ts": TS }))).toBe(false);
    expect(loadsCosmiconfig(project({ "a.ts": TS, ".pilensrc": "maxCallbacks: 5\n" }))).toBe(true);
  });
});

describe("third-party packs", () => {
  const PACKS = {
    "packs/throws-on-import.mjs": `throw new Error("boom at import");\n`,
    "packs/bad-shape.mjs": `export default { hello: 1 };\n`,
    "packs/clash.mjs": `export default { meta: { name: "clash", version: "1" }, languages: [{ id: "typescript", extensions: [".ts"], grammar: "typescript" }] };\n`,
    "packs/apply-throws.mjs": `export default { meta: { name: "ruby-broken", version: "1" }, languages: [{ id: "ruby-broken", extensions: [".rb"], grammar: "ruby" }], apply() { throw new Error("boom in apply"); } };\n`,
    "packs/bad-query.mjs": `export default { meta: { name: "lua-broken", version: "1" }, languages: [{ id: "lua-broken", extensions: [".lua"], grammar: "lua", queries: { tags: "(no_such_node) @definition.function" } }] };\n`,
    "packs/lonely.mjs": `export default { meta: { name: "lonely", version: "1" }, languages: [{ id: "lonely", extensions: [".zzz"], grammar: "lua" }], apply(hooks) { hooks.extract.for("lonely").tap("lonely", () => { throw new Error("boom in extract"); }); } };\n`,
    "packs/no-dot.mjs": `export default { meta: { name: "no-dot", version: "1" }, languages: [{ id: "nodot", extensions: ["nd"], grammar: "lua" }] };\n`,
  };
  const FILES = {
    "a.ts": TS,
    "a.rb": "# A shape.\nclass Shape\n  def area\n    0\n  end\nend\n",
    "a.lua": "local function helper(x)\n  return x\nend\n\nfunction M.run()\n  return helper(1)\nend\n",
    "x.zzz": "local y = 1\n",
    "x.nd": "local y = 1\n",
  };

  it("isolates a pack that throws on import, in apply, in its queries or in a tap", async () => {
    const root = project({ ...PACKS, ...FILES, ".pilensrc.json": JSON.stringify({ packs: Object.keys(PACKS).map((p) => `./${p}`) }) });
    const lens = await createLens({ cwd: root });
    const ts = await lens.moduleReport("a.ts");
    expect(ts.available).toBe(true);
    expect(ts.api?.map((e) => e.name)).toEqual(["add"]);
    const warnings = ts.warnings!.join("\n");
    expect(warnings).toMatch(/pack "\.\/packs\/throws-on-import\.mjs" .* failed to load: boom at import/);
    expect(warnings).toMatch(/pack "\.\/packs\/bad-shape\.mjs" .* failed to load: meta\.name is missing/);
    expect(warnings).toMatch(/pack "\.\/packs\/clash\.mjs" declares language id "typescript"/);
    expect(warnings).toMatch(/pack "\.\/packs\/no-dot\.mjs" .* failed to load: language nodot: extension "nd" must start with a dot \("\.nd"\)/);
    // A file left without a pack by the one that failed: its compact and summary views say why too.
    const nd = await lens.moduleReport(join(root, "x.nd"));
    expect(nd.available).toBe(false);
    expect(lens.render(nd, "compact")).toMatch(/unavailable: no language pack for \.nd[^\n]*\n(?:! [^\n]*\n)*! pack "\.\/packs\/no-dot\.mjs" [^\n]* failed to load/);
    expect(JSON.parse(lens.render(nd, "summary")).warnings.join("\n")).toMatch(/no-dot\.mjs" .* failed to load/);

    const rb = await lens.moduleReport("a.rb");
    expect(rb.available).toBe(true);
    expect(rb.language).toBe("ruby");
    expect([...(rb.api ?? []), ...(rb.internal ?? [])].map((e) => e.name)).toContain("Shape");
    expect(rb.warnings!.join("\n")).toMatch(/language pack ruby-broken .* failed for ruby-broken: boom in apply \(\S*packs\/apply-throws\.mjs:1\) — served by pack generic instead/);
    // read_symbol and read_enclosing say it too (their answer came from the fallback pack).
    const read = await lens.readSymbol("a.rb", "Shape");
    expect([read.found, read.warnings?.join("\n")]).toEqual([true, expect.stringMatching(/ruby-broken .* — served by pack generic instead/)]);
    expect((await lens.readEnclosing("a.rb", 3)).warnings?.join("\n")).toMatch(/served by pack generic instead/);
    expect((await lens.readSymbol("a.ts", "add")).warnings).toBeUndefined();

    const lua = await lens.moduleReport("a.lua");
    expect(lua.available).toBe(true);
    expect(lua.language).toBe("lua");
    expect(lua.warnings!.join("\n")).toMatch(/lua-broken.*does not compile.*served by pack generic instead/);

    const zzz = await lens.moduleReport("x.zzz");
    expect(zzz.available).toBe(false);
    expect(zzz.error).toMatch(/analysis failed in pack lonely .*: extract tap "lonely" threw: boom in extract \(\S*packs\/lonely\.mjs:1\) \(no other language pack claims this file\)/);

    // The engine still serves everything else afterwards.
    expect((await lens.readSymbol("a.ts", "add")).found).toBe(true);
  });

  it("a tap's ctx.options are the pack's defaults merged with .pilensrc languages.<id>", async () => {
    const pack = `export default { meta: { name: "opt-pack", version: "1" }, options: { prefix: "", keep: 1 }, languages: [{ id: "optl", extensions: [".optl"], grammar: "python", queries: { tags: "(function_definition name: (identifier) @name) @definition.function" } }],
  apply(hooks) { hooks.extract.for("optl").tap("opt-pack", (records, ctx) => { for (const r of records) r.name = ctx.options.prefix + r.name + ctx.options.keep; return records; }); } };\n`;
    const root = project({ "packs/opt.mjs": pack, "a.optl": "def f():\n    pass\n", ".pilensrc.json": JSON.stringify({ packs: ["./packs/opt.mjs"], languages: { optl: { prefix: "aa_" } } }) });
    const lens = await createLens({ cwd: root });
    const r = await lens.moduleReport("a.optl");
    expect([...(r.api ?? []), ...(r.internal ?? [])].map((e) => e.name)).toEqual(["aa_f1"]);
  });

  it("loads the example pack (examples/pilens-pack-toml) through .pilensrc", async () => {
    const example = join(repoRoot, "examples", "pilens-pack-toml");
    const cargo = '[package]\nname = "demo"\nversion = "0.1.0"\n\n# Build dependencies.\n[dependencies]\nserde = { version = "1", features = ["derive"] }\n\n[[bin]]\nname = "x"\npath = "src/x.rs"\n';
    const root = project({ ".pilensrc": `packs:\n  - ${JSON.stringify(example)}\n`, "Cargo.toml": cargo });
    const lens = await createLens({ cwd: root });
    const report = await lens.moduleReport("Cargo.toml");
    expect(outlineText(report)).toBe(
      [
        "# toml 11L",
        'module package 1-3 exported sig="[package]"',
        '  property name 2-2 exported sig="name = \\"demo\\""',
        '  property version 3-3 exported sig="version = \\"0.1.0\\""',
        'module dependencies 6-7 exported sig="[dependencies]" doc="Build dependencies."',
        '  property serde 7-7 exported sig="serde = { version = \\"1\\", features = [\\"derive\\"] }"',
        'object bin 9-11 exported sig="[[bin]]"',
        '  property name 10-10 exported sig="name = \\"x\\""',
        '  property path 11-11 exported sig="path = \\"src/x.rs\\""',
        "",
      ].join("\n"),
    );
    const read = await lens.readSymbol("Cargo.toml", "dependencies");
    expect(read.source).toBe('# Build dependencies.\n[dependencies]\nserde = { version = "1", features = ["derive"] }');
    // Search finds its definitions though TOML's names are `bare_key` nodes, not `*identifier`s.
    const cache = mkdtempSync(join(tmpdir(), "pilens-toml-cache-"));
    const saved = process.env.PILENS_CACHE_DIR;
    process.env.PILENS_CACHE_DIR = cache;
    try {
      await lens.index();
      const found = await lens.symbolSearch("serde");
      expect(found.available && found.hits.map((h) => [h.file, h.startLine])).toEqual([["Cargo.toml", 7]]);
    } finally {
      if (saved === undefined) delete process.env.PILENS_CACHE_DIR;
      else process.env.PILENS_CACHE_DIR = saved;
    }
  });
});

describe("third-party renderers", () => {
  it("loads the example renderer (examples/pilens-renderer-markdown) and makes it the default view", async () => {
    const example = join(repoRoot, "examples", "pilens-renderer-markdown");
    const root = project({ ".pilensrc.json": JSON.stringify({ renderers: [example], defaultView: "markdown" }), "a.ts": TS });
    const lens = await createLens({ cwd: root });
    expect(lens.viewNames()).toContain("markdown");
    const md = lens.render(await lens.moduleReport("a.ts"));
    expect(md).toMatch(/^## a\.ts\n\ntypescript, 4 lines, 1 symbols\n/);
    expect(md).toContain("- `function add(a: number, b: number): number` (function, L2-4) — Adds.");
  });

  it("a renderer that throws, declines or returns no text costs one file of a batch; one failing in apply is named", () => {
    const renderer = (name: string, body: string, apply = "") =>
      `export default { meta: { name: "r-${name}", version: "1.0.0" }, name: "${name}", apply(hooks) { ${apply} hooks.render.for("${name}").tap("r-${name}", (report) => { ${body} }); } };\n`;
    const root = project({
      ".pilensrc.json": JSON.stringify({ renderers: ["./r/boom.mjs", "./r/part.mjs", "./r/obj.mjs", "./r/bad.mjs"] }),
      "r/boom.mjs": renderer("boom", 'if (report.path.startsWith("b")) throw new Error("boom in render"); return "ok " + report.path;'),
      "r/part.mjs": renderer("part", 'return report.language === "typescript" ? "ts " + report.path : undefined;'),
      "r/obj.mjs": renderer("obj", "return { text: report.path };"),
      "r/bad.mjs": renderer("bad", "return 'never';", 'throw new Error("boom in apply");'),
      "a.ts": TS,
      "b.ts": TS,
      "c.py": "def f():\n    return 1\n",
    });
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, "report", ...args], { cwd: root, encoding: "utf8" });
    const boom = run("a.ts", "b.ts", "c.py", "--view", "boom");
    expect(boom.stdout).toBe("ok a.ts\nok c.py\n");
    expect(boom.stderr).toBe('pilens: b.ts: view "boom" failed on b.ts: boom in render\n');
    expect(boom.status).toBe(1);
    const part = run("c.py", "a.ts", "--view", "part");
    expect(part.stdout).toBe("ts a.ts\n");
    expect(part.stderr).toMatch(/^pilens: c\.py: view "part" has no renderer for c\.py \(python\)/);
    const obj = run("a.ts", "--view", "obj");
    expect([obj.stdout, obj.stderr, obj.status]).toEqual(["", 'pilens: a.ts: view "obj" returned object for a.ts, not text\n', 1]);
    const bad = run("a.ts", "--view", "bad");
    // A broken renderer is an error naming it (exit 1), not a usage error.
    expect([bad.status, bad.stderr.includes("usage:")]).toEqual([1, false]);
    expect(bad.stderr).toMatch(/view "bad" is unavailable: renderer "r-bad" failed in apply: boom in apply \(available: json, compact, summary, boom, part, obj\)/);
    const json = JSON.parse(run("a.ts").stdout) as { warnings: string[] };
    expect(json.warnings).toContain('renderer "r-bad" failed in apply: boom in apply (view "bad" unavailable)');
  });
});

describe("docs/configuration.md", () => {
  it("documents every schema key", () => {
    const doc = readFileSync(join(repoRoot, "docs", "configuration.md"), "utf8");
    const keys: string[] = [];
    const walk = (schema: Record<string, unknown>, prefix: string) => {
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [k, v] of Object.entries(props)) {
        keys.push(prefix + k);
        walk(v, `${prefix}${k}.`);
      }
    };
    walk(z.toJSONSchema(configSchema) as Record<string, unknown>, "");
    expect(keys.length).toBeGreaterThan(15);
    const missing = keys.filter((k) => !doc.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });
});

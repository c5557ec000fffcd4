// Compile TypeScript to dist/, copy the data files (query .scm) next to the compiled packs, then bundle
// the CLI into dist/bundle/ (bin/pilens.cjs runs the bundle when it is fresh, dist/ otherwise).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, dirname, relative, sep } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
if (process.argv.includes("--clean")) rmSync(join(root, "dist"), { recursive: true, force: true });
// tsc emits even when it reports type errors; copy the data files anyway, then fail.
let failed = false;
try {
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], { stdio: "inherit", cwd: root });
} catch {
  failed = true;
}

function copyData(dir) {
  for (const name of readdirSync(join(root, dir))) {
    const rel = join(dir, name);
    if (statSync(join(root, rel)).isDirectory()) copyData(rel);
    else if (name.endsWith(".scm")) {
      mkdirSync(join(root, "dist", dir), { recursive: true });
      cpSync(join(root, rel), join(root, "dist", rel));
    }
  }
}
for (const dir of ["language-packs", "examples"]) {
  try { statSync(join(root, dir)); } catch { continue; }
  copyData(dir);
}
if (!process.argv.includes("--no-bundle")) await bundleCli();
if (failed) process.exit(1);

/**
 * The CLI as a few CommonJS chunks instead of ~60 ES modules (module loading was ~80 ms of a ~300 ms
 * cold `report`), run by hosts/cli/bundle-loader.ts with a V8 code cache:
 * `dist/bundle/warm.cjs` (the wasm runtime and language manifests, loaded first to start compiling
 * grammars), `dist/bundle/cli.cjs` plus one chunk holding everything else `report` runs (core,
 * renderers, the TypeScript pack, tapable), and lazy chunks for the rest (other packs,
 * `.pilensrc` loading, the MCP server, index building, the read tiers). Packages that find files next to
 * themselves (web-tree-sitter, grammars) stay external, and cosmiconfig (loaded only for a config
 * file). The MCP SDK and zod are bundled into the server's chunks, off the report path: resolving and
 * loading their ~100 modules (zod v3 and v4, ajv) was ~150 ms of an MCP server's start (connect
 * 0.43 → 0.28 s). `import.meta.url` of each bundled module is rewritten to its dist/
 * file, so query files, grammars and the graph worker resolve as they do unbundled.
 */
async function bundleCli() {
  const outDir = join(root, "dist", "bundle");
  rmSync(outDir, { recursive: true, force: true });
  let rolldown;
  try {
    ({ rolldown } = await import("rolldown"));
  } catch {
    console.warn("build: rolldown is not installed — no dist/bundle/ (the CLI runs dist/ directly)");
    return;
  }
  const dist = join(root, "dist") + sep;
  const rel = (id) => id.slice(dist.length).split(sep).join("/");
  // `import.meta.url` of each bundled module rewritten to its dist/ file's.
  const importMetaUrl = {
    name: "pilens:import-meta-url",
    transform(code, id) {
      if (!id.startsWith(dist) || !code.includes("import.meta.url")) return null;
      const from = relative(outDir, id).split(sep).join("/");
      return { code: code.replaceAll("import.meta.url", `new URL(${JSON.stringify(from)}, import.meta.url).href`), map: null };
    },
  };
  const onReportPath = (id) => {
    if (/[\\/]node_modules[\\/](tapable|fastest-levenshtein)[\\/]/.test(id)) return true;
    if (!id.startsWith(dist)) return false;
    const f = rel(id);
    // The graph modules a report reads (meta.json + one shard); building the index stays lazy.
    if (f.startsWith("core/graph/")) return /^core\/graph\/(project|report-graph|blast|store|util|types)\.js$/.test(f);
    // The read tiers (`view`, the pi read tool) are a chunk of their own: a report never runs them, and
    // compiling their ~22 KB was part of every one-file report's start.
    if (f.startsWith("core/view/")) return false;
    return /^(core|renderers|hosts\/cli)\//.test(f) || f === "config/index.js" ||
      /^language-packs\/(index\.js|[^/]+\/languages\.js|typescript\/)/.test(f);
  };
  const bundle = await rolldown({
    input: { warm: join(root, "dist", "hosts", "cli", "warm.js"), cli: join(root, "dist", "hosts", "cli", "main.js") },
    platform: "node",
    external: [/^node:/, /^(web-tree-sitter|tree-sitter-wasms|cosmiconfig)$/, /^@tree-sitter-grammars\//],
    logLevel: "warn",
    onLog(level, log, handler) {
      if (log.code === "INEFFECTIVE_DYNAMIC_IMPORT") return; // the report chunk holds them on purpose
      handler(level, log);
    },
    plugins: [importMetaUrl],
  });
  const out = await bundle.write({
    dir: outDir,
    // CommonJS, so that hosts/cli/bundle-loader.ts can compile each chunk as a vm.Script with a V8 code
    // cache (Node 20 caches no ES module); `import("x")` of a package becomes `require("x")` there.
    format: "cjs",
    dynamicImportInCjs: false,
    strict: true, // as ES modules are: the same semantics as dist/ run directly
    // ASCII only and no comments: Node decodes a module's source before V8 compiles it, and one non-ASCII
    // character (an em dash in a doc comment) made the whole 460 KB chunk a two-byte string, slower
    // to decode and to scan (the report chunk: 460 → 338 KB, ~7 ms of a one-file report).
    charset: "ascii",
    comments: false,
    entryFileNames: "[name].cjs",
    chunkFileNames: "[name]-[hash].cjs",
    codeSplitting: {
      groups: [
        // What bin/pilens.cjs loads first to start the grammars (hosts/cli/warm.ts): kept small.
        { name: "warm", priority: 2, test: (id) => id.startsWith(dist) && /^(core\/(runtime|parents|grammar-file|v8-flags)|hosts\/cli\/(warm|report-lanes)|language-packs\/(index|[^/]+\/languages))\.js$/.test(rel(id)) },
        { name: "report", priority: 1, test: onReportPath },
      ],
    },
  });
  await bundle.close();
  // The loader that runs those chunks (hosts/cli/bundle-loader.ts), on its own: one CommonJS file that
  // bin/pilens.cjs requires (its few imports inlined), outside the chunks it loads.
  const loader = await rolldown({ input: join(root, "dist", "hosts", "cli", "bundle-loader.js"), platform: "node", external: [/^node:/], logLevel: "warn", plugins: [importMetaUrl] });
  await loader.write({ file: join(outDir, "loader.cjs"), format: "cjs", strict: true, charset: "ascii", comments: false });
  await loader.close();
  // The build's id, which names the chunks' code caches: a hash of every chunk (names and contents).
  const hash = createHash("sha1");
  for (const n of readdirSync(outDir).filter((n) => n.endsWith(".cjs") && n !== "loader.cjs").sort()) hash.update(n).update("\0").update(readFileSync(join(outDir, n))).update("\0");
  const loaderFile = join(outDir, "loader.cjs");
  const text = readFileSync(loaderFile, "utf8");
  const placeholder = '"__PILENS_BUILD_ID__"';
  if (text.split(placeholder).length !== 2) throw new Error("build: dist/bundle/loader.cjs must hold the build id's placeholder once");
  writeFileSync(loaderFile, text.replace(placeholder, JSON.stringify(hash.digest("hex").slice(0, 16))));
  // What the warm chunk holds is parsed before the grammars start compiling: the modules warm.ts names
  // and the few they import (files.ts importing text.ts put 10 KB more there, +3% on a 190-file batch).
  const warmIds = out.output.filter((o) => o.type === "chunk" && o.name === "warm").flatMap((o) => Object.keys(o.modules));
  const heavy = warmIds.filter((id) => id.startsWith(dist) && !/^(core\/(runtime|parents|grammar-file|grammar-shims|files|hash|cache-base|v8-flags|graph\/(store|types))|hosts\/cli\/(warm|report-lanes)|language-packs\/(index|[^/]+\/languages))\.js$/.test(rel(id)));
  if (heavy.length) throw new Error(`build: the warm chunk pulls ${heavy.map(rel).join(", ")} (keep it to what starts the grammars)`);
  // The start-up chunks must not pull a package the report path does not need.
  const allowed = /^(node:|web-tree-sitter$)/;
  for (const chunk of out.output) {
    if (chunk.type !== "chunk" || !(chunk.isEntry || chunk.name === "report" || chunk.name === "warm")) continue;
    const extra = chunk.imports.filter((i) => !allowed.test(i) && !out.output.some((o) => o.fileName === i));
    if (extra.length) throw new Error(`build: ${chunk.fileName} statically imports ${extra.join(", ")} (keep it off the report path)`);
  }
}

#!/usr/bin/env -S node --liftoff-only
/**
 * Read-tools measurement on real code (run `node scripts/build.mjs` first):
 *   node bench/read-tools.mjs [--per-file N] [--files N] [--seed N] [--only typescript,python,java]
 *
 * Copies real files into /tmp/pilens-bench-read/<lang>/ (TS/JS from node_modules, the Python stdlib,
 * JDK sources from src.zip when a Java pack exists), samples symbols deterministically and reports:
 *   exact     read_symbol(qualified name, kind) returns exactly the symbol's lines (doc included)
 *   typo      a one-character typo of a name gets the intended name among the suggestions
 *   qualified `Parent.member` resolves to that member
 *   enclosing read_enclosing on a line inside a function/method body returns that function/method
 *   tiers     view map/signatures/auto sizes as a share of full, and the ladder invariants
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { Lens } from "../dist/core/engine.js";
import { candidatesOf, readStart } from "../dist/core/read-symbol.js";

const { values } = parseArgs({ options: { "per-file": { type: "string" }, files: { type: "string" }, seed: { type: "string" }, only: { type: "string" } } });
const PER_FILE = Number(values["per-file"] ?? 25);
const FILES = Number(values.files ?? 40);
let seed = Number(values.seed ?? 7);
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (arr, n) => {
  const a = [...arr];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
};

const OUT = "/tmp/pilens-bench-read";
function walkFiles(dir, exts, out = []) {
  if (!existsSync(dir)) return out;
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    const st = statSync(p);
    if (st.isDirectory()) walkFiles(p, exts, out);
    else if (exts.some((e) => n.endsWith(e)) && !n.endsWith(".d.ts") && !n.includes(".min.") && st.size > 1500 && st.size < 300_000) out.push(p);
  }
  return out;
}
function corpus(lang, sources, exts) {
  const dest = join(OUT, lang);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const files = pick(sources.flatMap((s) => walkFiles(s, exts)), FILES);
  return files.map((f, i) => {
    const to = join(dest, `${i}-${f.split("/").pop()}`);
    cpSync(f, to);
    return to;
  });
}

const nm = new URL("../node_modules/", import.meta.url).pathname;
const corpora = {
  typescript: () => corpus("typescript", [join(nm, "@mistralai/mistralai/src/extra"), join(nm, "@mistralai/mistralai/src/lib"), join(nm, "zod/src"), join(nm, "@mariozechner/pi-coding-agent/dist/core"), join(nm, "@modelcontextprotocol/sdk/dist/esm"), join(nm, "tapable/lib"), join(nm, "cosmiconfig/dist")], [".ts", ".js"]),
  python: () => corpus("python", ["/usr/lib/python3.11"].filter(existsSync).map((d) => d), [".py"]).filter((f) => !f.includes("/test")),
  java: () => {
    const zip = ["/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip"].find(existsSync);
    if (!zip) return [];
    const src = join(OUT, "jdk-src");
    if (!existsSync(src)) {
      mkdirSync(src, { recursive: true });
      execFileSync("unzip", ["-q", "-o", zip, "java.base/java/util/*", "java.base/java/lang/*", "-d", src]);
    }
    return corpus("java", [join(src, "java.base/java/util"), join(src, "java.base/java/lang")], [".java"]);
  },
};

function typo(name) {
  const i = Math.floor(rnd() * name.length);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const c = letters[Math.floor(rnd() * 26)];
  switch (Math.floor(rnd() * 3)) {
    case 0: return name.slice(0, i) + name.slice(i + 1); // deletion
    case 1: return name.slice(0, i) + (name[i] === c ? "q" : c) + name.slice(i + 1); // substitution
    default: return name.slice(0, i) + c + name.slice(i); // insertion
  }
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : "n/a");
const FUNCTION_KINDS = new Set(["function", "method", "constructor"]);

async function measure(lang, files) {
  const root = join(OUT, lang);
  const lens = await Lens.create({ cwd: root, root });
  const tally = { files: 0, exact: [0, 0], typo: [0, 0], qualified: [0, 0], enclosing: [0, 0], ambiguousSkipped: 0 };
  const misses = { exact: [], typo: [], qualified: [], enclosing: [] };
  for (const f of files) {
    let a;
    try {
      a = await lens.analyze(f);
    } catch (e) {
      continue;
    }
    if (a.language !== lang && !(lang === "typescript" && a.language === "javascript")) continue;
    tally.files++;
    const all = candidatesOf(a);
    const cands = all.filter((c) => !c.callback);
    const rel = relative(root, f);
    for (const c of pick(cands, PER_FILE)) {
      // exact: qualified name + kind; a same-named twin that is not first (an overload) by name@line.
      const twins = cands.filter((o) => o.qualified === c.qualified && o.kind === c.kind);
      const byLine = twins.length > 1 && twins[0] !== c;
      if (byLine) tally.ambiguousSkipped++;
      // (Whole, whatever its size: a symbol over read_symbol's maxLines is answered by its outline by design.)
      const r = await lens.readSymbol(f, byLine ? `${c.qualified}@${c.startLine}` : c.qualified, { kind: c.kind, maxLines: Number.MAX_SAFE_INTEGER });
      {
        tally.exact[1]++;
        const want = a.lines.slice(readStart(c) - 1, c.endLine).join("\n");
        if (r.found && r.startLine === readStart(c) && r.endLine === c.endLine && r.source === want) tally.exact[0]++;
        else misses.exact.push(`${rel} ${c.qualified} want ${readStart(c)}-${c.endLine} got ${r.startLine}-${r.endLine}`);
      }
      // typo
      if (c.name.length >= 3 && /^[\w$]+$/.test(c.name)) {
        let t = typo(c.name);
        if (!cands.some((o) => o.name === t)) {
          tally.typo[1]++;
          const m = await lens.readSymbol(f, t);
          const ok = !m.found && (m.suggestions ?? []).some((s) => s === c.name || s.endsWith(`.${c.name}`));
          if (ok) tally.typo[0]++;
          else misses.typo.push(`${rel} ${t} → ${JSON.stringify(m.suggestions)} (want ${c.name})`);
        }
      }
      // qualified: Parent.member
      if (c.chain.length > 1) {
        tally.qualified[1]++;
        const q = `${c.chain[c.chain.length - 2]}.${c.name}`;
        const m = await lens.readSymbol(f, q, { kind: c.kind });
        const same = cands.filter((o) => o.chain.length > 1 && o.chain[o.chain.length - 2] === c.chain[c.chain.length - 2] && o.name === c.name && o.kind === c.kind);
        if (m.found && (m.startLine === readStart(c) || (same.length > 1 && m.ambiguous))) tally.qualified[0]++;
        else misses.qualified.push(`${rel} ${q} got ${m.found ? `${m.name} ${m.startLine}` : m.note}`);
      }
      // enclosing: a body line of a function/method not inside a nested symbol or callback
      if (FUNCTION_KINDS.has(c.kind) && c.endLine > c.startLine) {
        const inner = all.filter((o) => o !== c && readStart(o) >= c.startLine && o.endLine <= c.endLine);
        const lines = [];
        // Lines shared with a sibling (one ends where the next begins) have two right answers: skipped.
        const outside = all.filter((o) => o !== c && !inner.includes(o) && !(readStart(o) <= readStart(c) && o.endLine >= c.endLine));
        for (let l = c.startLine + 1; l <= c.endLine; l++) {
          if (!a.lines[l - 1].trim() || inner.some((o) => readStart(o) <= l && l <= o.endLine)) continue;
          if (outside.some((o) => readStart(o) <= l && l <= o.endLine)) continue;
          lines.push(l);
        }
        // Another symbol of exactly the same range (e.g. a property and its arrow) is an equal answer.
        if (lines.length) {
          const line = lines[Math.floor(rnd() * lines.length)];
          tally.enclosing[1]++;
          const e = await lens.readEnclosing(f, line, { maxLines: 100000 });
          if (e.found && e.startLine === readStart(c) && e.endLine === c.endLine) tally.enclosing[0]++;
          else misses.enclosing.push(`${rel}:${line} want ${c.qualified} ${readStart(c)}-${c.endLine} got ${e.name} ${e.startLine}-${e.endLine}`);
        }
      }
    }
  }
  // Read tiers on the same files: invariants (map ≤ signatures ≤ full, auto ≤ full) and the savings.
  const tiers = { files: 0, violations: [], sums: { map: 0, signatures: 0, full: 0, auto: 0 } };
  for (const f of files) {
    const r = {};
    for (const mode of ["map", "signatures", "full", "auto"]) r[mode] = await lens.view(f, { mode });
    if (r.full.error) continue;
    tiers.files++;
    // Compare what each tier sends as content; a fallback's one-line note (~20 tokens) is metadata.
    const tok = (m) => Math.ceil(r[m].text.length / 4);
    for (const m of Object.keys(tiers.sums)) tiers.sums[m] += r[m].tokens;
    if (!(tok("map") <= tok("signatures") && tok("signatures") <= tok("full") && tok("auto") <= tok("full"))) tiers.violations.push(`${relative(root, f)} map ${r.map.tokens}/${r.map.served} sig ${r.signatures.tokens}/${r.signatures.served} full ${r.full.tokens} auto ${r.auto.tokens}/${r.auto.served}`);
  }
  return { tally, misses, tiers };
}

const langs = values.only ? values.only.split(",") : Object.keys(corpora);
const probe = await Lens.create({ cwd: OUT, root: OUT });
for (const lang of langs) {
  const ext = { typescript: "a.ts", python: "a.py", java: "A.java" }[lang];
  if (!probe.registry.lookup(join(OUT, ext))) {
    console.log(`${lang}: no language pack for ${ext.slice(1)} files yet — skipped`);
    continue;
  }
  mkdirSync(OUT, { recursive: true });
  const files = corpora[lang]();
  const t0 = Date.now();
  const { tally: t, misses, tiers } = await measure(lang, files);
  console.log(
    `${lang}: ${t.files} files, ${Date.now() - t0} ms — exact ${pct(...t.exact)} (${t.exact[0]}/${t.exact[1]}, ${t.ambiguousSkipped} by name@line) · typo ${pct(...t.typo)} (${t.typo[0]}/${t.typo[1]}) · Outer.member ${pct(...t.qualified)} (${t.qualified[0]}/${t.qualified[1]}) · enclosing ${pct(...t.enclosing)} (${t.enclosing[0]}/${t.enclosing[1]})`,
  );
  const ts = tiers.sums;
  console.log(`  tiers on ${tiers.files} files (tokens ≈ chars/4, % of full): map ${pct(ts.map, ts.full)} · signatures ${pct(ts.signatures, ts.full)} · auto ${pct(ts.auto, ts.full)} · invariant violations ${tiers.violations.length}${tiers.violations.length ? ` (${tiers.violations.slice(0, 5).join(", ")})` : ""}`);
  for (const [k, list] of Object.entries(misses)) for (const m of list.slice(0, 6)) console.log(`  miss ${k}: ${m}`);
}

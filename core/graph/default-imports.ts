/**
 * Names a JS/TS file gives another file's declaration (link.ts): a default import under a name of its own
 * (`import MyStore from "./a.js"`, `const Fetcher = require('./fetcher.js')` of `module.exports =
 * FetcherBase`: collect.ts `=` rows), and an alias entry (`export { h as createElement }`), whose uses are
 * the declaration's.
 */
import type { GraphModel } from "./model.js";
import { exportedBy, importIn } from "./name-only.js";
import { DEF_ALIAS, DEF_REEXPORT, type Def, type FileEntry } from "./types.js";

/**
 * What the default import on `line` binds (collect.ts `=last` rows: the statement's lines): the default of
 * the file that very statement imports — not the next import's (`const npa = require('npm-package-arg')`
 * imports no project file: no link, not the relpath.js required below it).
 */
export function defaultImport(g: GraphModel, e: FileEntry, rows: string[] | undefined, line: number): [string, number] | undefined {
  const last = rows?.[0]?.[0] === "=" ? Number(rows[0].slice(1)) : NaN;
  const t = Number.isNaN(last) ? undefined : importIn(e, line, last);
  return t === undefined ? undefined : moduleDefault(g, t);
}

/**
 * The value a default import of file `t` binds (collect.ts `=` rows): its `default` export (`export default
 * App`), else — CommonJS `module.exports = FetcherBase` — its one export, when that is a top-level class or
 * function. undefined when neither.
 */
export function moduleDefault(g: GraphModel, t: string): [string, number] | undefined {
  const hit = exportedBy(g, t, "default");
  if (hit) return hit;
  const ex = g.exportsOf.get(t);
  const d = g.files.get(t)?.d;
  if (!ex || !d || ex.size !== 1) return undefined;
  const [idx] = ex.values();
  const x = d[idx!];
  return x && x[6] === -1 && !(x[5] & (DEF_REEXPORT | DEF_ALIAS)) && (x[2] === "class" || x[2] === "function") ? [t, idx!] : undefined;
}

/** The declaration an alias entry (DEF_ALIAS, parse-file.ts: pushed right after it, same lines and owner) names; else `hit`. */
export function declarationOf(defs: Def[] | undefined, hit: [string, number]): [string, number] {
  const x = defs?.[hit[1]];
  if (!x || !(x[5] & DEF_ALIAS)) return hit;
  for (let j = hit[1] - 1; j >= 0; j--) {
    const y = defs![j]!;
    if (y[5] & DEF_ALIAS) continue;
    return y[3] === x[3] && y[4] === x[4] && y[6] === x[6] ? [hit[0], j] : hit;
  }
  return hit;
}

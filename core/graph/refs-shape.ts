/**
 * A refs record read from a graph shard for a report (report-graph.ts), checked before use: a shard of
 * valid JSON whose record has another shape (a stray edit, a disk error inside a string, a writer of
 * another build under the same GRAPH_VERSION) had thrown "Cannot convert undefined or null to object"
 * out of module_report — ending the CLI's whole report batch. A bad record is a corrupt cache: its shard
 * is dropped (the next `pilens index` writes it again) and the report says so.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { CorruptCache } from "./store.js";
import type { GraphMeta, RefsRecord } from "./types.js";
import { shardOf } from "./util.js";

const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const strings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === "string");
const numbers = (v: unknown): boolean => isMap(v) && Object.values(v).every((n) => typeof n === "number");
/** `[file, symbol, line, relation, confidence]`. */
const usage = (t: unknown): boolean => Array.isArray(t) && t.length === 5 && typeof t[0] === "string" && typeof t[1] === "string" && typeof t[2] === "number" && typeof t[3] === "string" && typeof t[4] === "string";

/** What is wrong with a record's shape, or undefined. */
export function refsProblem(rec: unknown): string | undefined {
  if (!isMap(rec)) return "not an object";
  if (typeof rec.m !== "number" || typeof rec.s !== "number") return "no mtime and size";
  if (!strings(rec.imp) || !strings(rec.ref)) return "importers or referrers not lists of files";
  if (!numbers(rec.uc) || !numbers(rec.f) || (rec.ufc !== undefined && !numbers(rec.ufc)) || (rec.xc !== undefined && !numbers(rec.xc))) return "counts not numbers";
  if (!isMap(rec.u) || !Object.values(rec.u).every((list) => Array.isArray(list) && list.every(usage))) return "usages not [file, symbol, line, relation, confidence] lists";
  if ((rec.cap !== undefined && !strings(rec.cap)) || (rec.capIn !== undefined && !(isMap(rec.capIn) && Object.values(rec.capIn).every(strings)))) return "capped names not lists of strings";
  return undefined;
}

/** `rec` when its shape is right; else its shard dropped and CorruptCache thrown. */
export function checkedRefs(rec: RefsRecord | undefined, rel: string, meta: GraphMeta, dir: string): RefsRecord | undefined {
  const problem = rec === undefined ? undefined : refsProblem(rec);
  if (!problem) return rec;
  const shard = meta.shards.refs[shardOf(rel, meta.shardCount)];
  if (shard) rmSync(join(dir, shard), { force: true });
  throw new CorruptCache(`graph cache entry of ${rel} in ${shard ?? "its shard"} has a bad shape (${problem})`);
}

/** The `kind` argument of the read tools: the vocabulary, the compact view's labels, and what is valid. */
import { KIND_LABELS, SYMBOL_KINDS } from "./types.js";

/** The compact view's labels (`fn`, `iface`, …) → vocabulary kinds. */
const LABEL_KINDS: ReadonlyMap<string, string> = new Map(Object.entries(KIND_LABELS).map(([k, l]) => [l, k]));

/** A `kind` argument as the vocabulary says it: trimmed, lower case, compact labels (`fn`, `iface`) expanded. */
export function canonicalKind(raw: string): string {
  const k = raw.trim().toLowerCase();
  return LABEL_KINDS.get(k) ?? k; // (a Map: `constructor` is no label, whatever Object.prototype says)
}

/**
 * Undefined when `kind` (canonical) names something: a vocabulary kind, `callback`, a kind some
 * candidate of this file has (callback kinds are the packs' own), or one of `groups`. Else the error
 * that says so and lists what is valid.
 */
export function unknownKindError(kind: string, cands: readonly { kind: string }[], groups: readonly string[] = []): string | undefined {
  const here = new Set(cands.map((c) => c.kind));
  if ((SYMBOL_KINDS as readonly string[]).includes(kind) || kind === "callback" || here.has(kind) || groups.includes(kind)) return undefined;
  const own = [...here].filter((k) => !(SYMBOL_KINDS as readonly string[]).includes(k)).sort();
  return `unknown kind "${kind}" — kinds: ${SYMBOL_KINDS.join(", ")}, callback${groups.length ? `; groups: ${groups.join(", ")}` : ""}${own.length ? `; also in this file: ${own.join(", ")}` : ""} (the compact view's fn, iface, const, … work too)`;
}

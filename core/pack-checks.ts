/**
 * A pack's typos made warnings instead of silently empty outlines (each names the pack, and the `.scm`
 * file with line:column for a query): unknown pack / LanguageSpec / ExtractionOptions keys (`querys:`),
 * a language with no tags query and no extract tap, a `@definition.X` capture whose X is no kind the core
 * maps (`@definition.funktion`, `@definitions.function`), a definition pattern with no name (`@nam`), a
 * `@callback.call` without `@callback.base`, a predicate pilens does not run (`#lua-match?`); and kinds a tap sets outside the shared vocabulary.
 * The vocabulary is the core's: SYMBOL_KINDS (types.ts) and the upstream aliases (extract.ts).
 */
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Query } from "web-tree-sitter";
import type { Hooks } from "./hooks.js";
import type { ExtractionOptions, LanguagePack, LanguageSpec } from "./plugin.js";
import type { QueryCheck } from "./query-set.js";
import { KIND_ALIASES } from "./extract.js";
import { SYMBOL_KINDS, type SymbolRecord } from "./types.js";

/**
 * The node types between a callback and the call it is handed to: argument lists and arguments
 * (`argument_list`, `arguments`, `keyword_argument`, Kotlin's and Swift's `value_arguments` /
 * `value_argument`), a trailing lambda's `call_suffix` and Kotlin's `annotated_lambda`. A `@callback.call`
 * without `@callback.base` inside them gets the call's callee (callbacks.ts `calleeOfArgument`), so a
 * pack can write the pattern as a leaf — `(argument_list (func_literal) @callback.call)` — instead of
 * rooting it at the call, which keeps a query state open per enclosing call (quadratic on a chain of
 * thousands of calls).
 */
export const ARGUMENT_WRAPPER = /argument|call_suffix|annotated_lambda/;

/** A pattern naming a wrapper node (above): its `@callback.call` can take its callee from the tree. */
function namesArgumentWrapper(head: string): boolean {
  for (const m of head.matchAll(/\(\s*([a-z_]\w*)/g)) if (ARGUMENT_WRAPPER.test(m[1]!)) return true;
  return false;
}

/** The query check's words for a `@callback.call` pattern without `@callback.base` (callbacks.ts does not say it again). */
export const CALL_WITHOUT_BASE = "@callback.call without @callback.base";

const PACK_KEYS: Record<keyof LanguagePack, 1> = { meta: 1, languages: 1, options: 1, apply: 1 };
const SPEC_KEYS: Record<keyof LanguageSpec, 1> = {
  id: 1, extensions: 1, filenames: 1, detect: 1, prepareSource: 1, reparse: 1, repair: 1, recoverBraces: 1, runOnStrings: 1, runOnStringsSemicolon: 1, runOnComments: 1, grammar: 1, queries: 1,
  extraction: 1, callbackSupport: 1, callbackRules: 1,
};
const EXTRACTION_KEYS: Record<keyof ExtractionOptions, 1> = {
  bodyFields: 1, bodyTypes: 1, commentTypes: 1, wrapperTypes: 1, decoratorTypes: 1, keepInFunctions: 1, keepInFunction: 1,
  functionLike: 1, ignoreDocPatterns: 1, stopDocPatterns: 1,
};

/** The query names the core reads, and the predicates it runs besides web-tree-sitter's own (query-set.ts). */
const CORE_QUERIES: ReadonlySet<string> = new Set(["tags", "imports", "callbacks", "complexity"]);
const OWN_PREDICATES: ReadonlySet<string> = new Set(["strip!", "select-adjacent!", "kind-eq?", "parent-kind-eq?"]);
const KINDS: ReadonlySet<string> = new Set(SYMBOL_KINDS);
const TAG_KINDS: ReadonlySet<string> = new Set([...SYMBOL_KINDS, ...Object.keys(KIND_ALIASES)]);

/** The closest of `words` to `w` within two edits, for a did-you-mean. */
function nearest(w: string, words: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  for (const x of words) {
    const d = distance(w, x);
    if (d < bestD) (best = x), (bestD = d);
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

const unknownKeys = (o: object | undefined, known: Record<string, 1>): string[] =>
  o && typeof o === "object" ? Object.keys(o).filter((k) => !(k in known)) : [];

const keyNote = (k: string, known: Record<string, 1>): string => {
  const near = nearest(k, Object.keys(known));
  return `"${k}"${near ? ` (did you mean "${near}"?)` : ""}`;
};

/** Warnings about a pack's shape for one of its languages, after its `apply` ran. */
export function specWarnings(packId: string, pack: LanguagePack, spec: LanguageSpec, hooks: Hooks): string[] {
  const out: string[] = [];
  const say = (what: string, keys: string[], known: Record<string, 1>) => {
    if (keys.length) out.push(`pack ${packId}: unknown ${what} key${keys.length > 1 ? "s" : ""} ${keys.map((k) => keyNote(k, known)).join(", ")} — ignored`);
  };
  say("LanguagePack", unknownKeys(pack, PACK_KEYS), PACK_KEYS);
  say(`LanguageSpec (${spec.id})`, unknownKeys(spec, SPEC_KEYS), SPEC_KEYS);
  say(`extraction (${spec.id})`, unknownKeys(spec.extraction, EXTRACTION_KEYS), EXTRACTION_KEYS);
  const own = (hooks.extract.for(spec.id) as unknown as { taps: { name: string }[] }).taps.filter((t) => t.name !== "pilens:core");
  if (!spec.queries?.tags && !own.length) {
    out.push(`pack ${packId}: language ${spec.id} has no tags query (queries.tags) and no extract tap — its outlines are always empty`);
  }
  return out;
}

/** The query check of a pack's language: its tags and callbacks patterns. */
export function queryCheck(packId: string, language: string): QueryCheck {
  return (q: Query, where) => {
    const out: string[] = [];
    const say = (i: number, text: string) => {
      const w = where(i);
      out.push(`pack ${packId} (${language}): ${w.at}: ${text}`);
    };
    for (let i = 0; i < q.patternCount(); i++) {
      const caps = q.captureNames.filter((_, c) => q.captureQuantifiers[i]?.[c]);
      const part = where(i).part;
      // Predicates web-tree-sitter leaves to the caller that pilens does not run (`#lua-match?`,
      // `#has-ancestor?`): accepted by the compiler, and the pattern matches as if they were not there.
      if (CORE_QUERIES.has(part)) {
        for (const p of q.predicates[i] ?? []) if (!OWN_PREDICATES.has(p.operator)) say(i, `#${p.operator} is no predicate pilens runs — ignored: the pattern matches as if it were not there`);
      }
      if (part === "tags") {
        const props = q.setProperties[i] ?? {};
        const defs = caps.filter((c) => c.startsWith("definition."));
        for (const d of defs) {
          const kind = d.slice("definition.".length);
          if (!TAG_KINDS.has(kind)) {
            const near = nearest(kind, KINDS);
            say(i, `@${d}: "${kind}" is no kind pilens knows${near ? ` (did you mean @definition.${near}?)` : ""} — its matches make no entries`);
          }
        }
        for (const c of caps) {
          if (/^def/i.test(c) && !c.startsWith("definition.")) {
            const near = nearest(c, [...KINDS].map((k) => `definition.${k}`));
            say(i, `@${c} is not @definition.<kind>${near ? ` (did you mean @${near}?)` : ""} — the pattern makes no entries`);
          }
        }
        if (defs.length && !caps.includes("name") && !("name" in props) && !("name-field" in props)) {
          const near = nearest("name", caps.filter((c) => !c.startsWith("definition.")));
          say(i, `@${defs[0]} pattern has no @name capture${near ? ` (@${near}?)` : ""} (nor #set! name / name-field) — its matches make no entries`);
        }
      } else if (part === "callbacks" && caps.includes("callback.call") && !caps.includes("callback.base") && !namesArgumentWrapper(where(i).head ?? "")) {
        say(i, `${CALL_WITHOUT_BASE} (the callee the callbackRules match) — its matches make no callbacks`);
      }
    }
    return out;
  };
}

/** A query source's file, as a warning names it: relative to the working folder when inside it. */
export function sourceName(url: URL): string {
  const file = fileURLToPath(url);
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith("..") ? rel : file;
}

/** Kinds outside the shared vocabulary among a file's records (a tap set them), as a warning. */
export function kindWarning(packId: string, bad: Map<string, string[]>): string | undefined {
  if (!bad.size) return undefined;
  const list = [...bad].map(([k, names]) => `"${k}" (${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""})`).join(", ");
  return `pack ${packId} set kind${bad.size > 1 ? "s" : ""} ${list} outside the shared vocabulary (${SYMBOL_KINDS.join(", ")}) — kept as written`;
}

/** Note a record's kind when it is outside the vocabulary. */
export function noteKind(r: SymbolRecord, bad: Map<string, string[]>): void {
  if (KINDS.has(r.kind)) return;
  const names = bad.get(r.kind);
  if (names) names.push(r.name);
  else bad.set(String(r.kind), [r.name]);
}

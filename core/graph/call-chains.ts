/**
 * Chains of calls read from the source text (collect.ts): the call a member follows (`z.string().min()`,
 * `store.get(k).render()`, `getFoo().bar()`) and its head, for the member of the type that call returns
 * (typed-scope.ts keeps the declared return types as FileEntry.ft rows; qualified.ts fieldMember).
 */
import { FIELD, MAX_CALLS, type TypedScopes } from "./typed-scope.js";
import { VIA } from "./collect-python.js";

/** Java, C# and Kotlin: the languages whose method calls' results link by the declared return type besides TS. */
export const CALL_TYPED = new Set(["java", "csharp", "kotlin"]);

/**
 * The end of the head of a chain whose operator starts at `op`: `op` itself, or — where only blanks and
 * one or more line breaks stand between (a chain broken before its dot) — the end of the text above them.
 */
export function chainHeadEnd(src: string, op: number): number {
  let d = op;
  let broken = false;
  for (let ch = src[d - 1]; ch === " " || ch === "\t" || ch === "\n" || ch === "\r"; ch = src[--d - 1]) if (ch === "\n") broken = true;
  return broken ? d : op;
}

/**
 * The call `head.callee(…)` whose `)` is at `close`: the name before the chain's first dot (`this`, a
 * value, a module) and the keys of the calls from there (`string(#min(` of `z.string().min(1)`);
 * undefined for another shape (a longer chain of names, a generic call). Parentheses are counted as they
 * come (one in a string argument throws the count off: no such head). `nullSafe` (Kotlin, C#): a safe
 * call's `?.` and Kotlin's `!!.` are the value's own dot (`getFoo()?.bar()?.baz()`).
 */
export function callAt(src: string, close: number, calls = 1, nullSafe = false): [head: string, keys: string] | undefined {
  let depth = 0;
  let open = close;
  for (const stop = Math.max(0, close - 2000); open >= stop; open--) {
    if (src[open] === ")") depth++;
    else if (src[open] === "(" && --depth === 0) break;
  }
  if (depth !== 0) return undefined;
  let c = open;
  while (c > 0 && /[\w$]/.test(src[c - 1]!)) c--;
  if (c === open) return undefined;
  const key = `${src.slice(c, open)}(`;
  // (A bare call, `makeStore()`: no head; `new Store()`: the head `new`.)
  if (src[c - 1] !== ".") return /new\s+$/.test(src.slice(Math.max(0, c - 8), c)) ? ["new", key] : /[\w$\])]/.test(src[c - 1] ?? "") ? undefined : ["", key];
  // (The head on the line above, `z\n  .string()\n  .parse(x)`.)
  let end = chainHeadEnd(src, c - 1);
  if (nullSafe) end = nullSafeEnd(src, end);
  // (What a call gave, `z.string().min(1)`: that call's keys first.)
  if (src[end - 1] === ")") return ((before) => before && [before[0], `${before[1]}#${key}`])(calls < MAX_CALLS ? callAt(src, end - 1, calls + 1, nullSafe) : undefined);
  let h = end;
  while (h > 0 && /[\w$]/.test(src[h - 1]!)) h--;
  // (A field, `this.store.get()`: FIELD + its name.)
  if (src[h - 1] === "." && h < end && /(?:^|[^\w$.])this$/.test(src.slice(Math.max(0, h - 6), h - 1))) return [`${FIELD}${src.slice(h, end)}`, key];
  return h === end || src[h - 1] === "." ? undefined : [src.slice(h, end), key];
}

/** The end of the value before a dot that ends at `end`: before a safe call's `?` or Kotlin's `!!`. */
export function nullSafeEnd(src: string, end: number): number {
  if (src[end - 1] === "?") return end - 1;
  return src[end - 1] === "!" && src[end - 2] === "!" ? end - 2 : end;
}

/**
 * Java, C#, Kotlin: the qualifier of a member of what `head.callee(…)` gives where the head is no value
 * the code declares — a bare call (`getFoo().bar()`: the enclosing class's method, or in Kotlin a
 * function of the file or one it imports; a Kotlin `Foo()` constructs a Foo) or a type's static method or
 * companion's (`Foo.getInstance().run()`: `^Foo#getInstance(`); undefined otherwise.
 */
export function jvmCalled(language: string, scopes: TypedScopes, row: number, head: string, key: string): string | undefined {
  const callee = key.slice(0, key.indexOf("("));
  if (!head) {
    if (language === "kotlin" && /^[A-Z]/.test(callee)) return `^${callee}${key.slice(key.indexOf("(") + 1)}`;
    return /^(?:if|for|while|when|switch|catch|return|super|this|typeof|nameof|sizeof|default|using|lock|foreach|synchronized)$/.test(callee) ? undefined : scopes.bareCall(row, `${callee}${key.slice(key.indexOf("("))}`, language === "kotlin");
  }
  return /^[A-Z](?:\w*[a-z]\w*)$/.test(head) ? `^${head}#${key}` : undefined;
}

/** An indexer's key in a chain, `dict[k].Bar()` (C#, Kotlin): generic-results.ts gives a map's value, a list's element. */
export const INDEXER = "[](";

/**
 * C#, Kotlin: the head of the indexer whose `]` ends before `end` — `dict` of `dict[k].Bar()`, FIELD +
 * `items` of `this.items[0].Bar()` —, for its typed head `dict#[](`; undefined for another shape (a
 * capitalized name, a longer chain, a call's result).
 */
export function indexedHead(src: string, end: number): string | undefined {
  let depth = 0;
  let open = end - 1;
  for (const stop = Math.max(0, end - 500); open >= stop; open--) {
    if (src[open] === "]") depth++;
    else if (src[open] === "[" && --depth === 0) break;
  }
  if (depth !== 0) return undefined;
  let h = open;
  while (h > 0 && /\w/.test(src[h - 1]!)) h--;
  const name = src.slice(h, open);
  if (!/^[a-z_]\w*$/.test(name) || name === "this" || name === "new") return undefined;
  if (src[h - 1] !== ".") return name;
  return /(?:^|[^\w$.])this$/.test(src.slice(Math.max(0, h - 6), h - 1)) ? `${FIELD}${name}` : undefined;
}

/**
 * C#: the typed head of a capitalized property named on a value — `f` VIA `Child` of `f.Child.Run()`, FIELD
 * + `Child` of `this.Child.Run()` —, for the member of the type the property declares (qualified.ts
 * fieldMember) or a library container's property gives (`task.Result`, generic-results.ts); undefined
 * where the name before the dot at `dot` is no value's (a namespace's or a type's, capitalized).
 */
export function csPropertyHead(src: string, dot: number, property: string): string | undefined {
  let h = dot;
  while (h > 0 && /\w/.test(src[h - 1]!)) h--;
  const head = src.slice(h, dot);
  if (src[h - 1] === "." || !/^[a-z_]\w*$/.test(head) || head === "base") return undefined;
  return head === "this" ? `${FIELD}${property}` : `${head}${VIA}${property}`;
}

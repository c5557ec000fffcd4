/**
 * JS/TS members reached through a module an import statement binds (`import * as z`, `const u =
 * require(…)`, `import u = require(…)`), from collect.ts's qualifiers, which name that statement by its
 * lines: `@first-last` for a member of the module itself (`z.boolean()`), `@first-last#string(` for a
 * member of what the module's function returns (`z.string().min()`; `@first-last#string(#optional(` for
 * `z.string().optional().nullable()`, each call's result the next one's type); and what a function of the
 * file or one it imports by name returns (`makeStore().get()`: `^#makeStore(`, returnedBy).
 */
import type { GraphModel } from "./model.js";
import { exportedBy, importIn, reexported } from "./name-only.js";
import { FOREIGN, fieldMember, genericMember, qualifiedMember } from "./qualified.js";
import { fieldTypeIn } from "./supertypes.js";
import type { FileEntry } from "./types.js";

/**
 * `name` as the file the root's import statement names exports it — not another import's `boolean`.
 * null: that file does not export it; false: the statement imports no file of the project (`fs.readFile()`
 * is no project function's use); undefined: not known (no qualifier: one import without a line map, or
 * several roots on the line).
 */
export function moduleMember(g: GraphModel, e: FileEntry, qualifier: string | undefined, name: string): [string, number] | null | false | undefined {
  return !qualifier || qualifier.includes("#") ? undefined : statementExport(g, e, qualifier.slice(1), name);
}

/** `name` as the file the import statement on `lines` (`first-last`) names exports it; null: it does not; false: the statement imports no file of the project. */
function statementExport(g: GraphModel, e: FileEntry, lines: string, name: string): [string, number] | null | false {
  const [first, last] = lines.split("-");
  const t = importIn(e, Number(first), Number(last));
  return t === undefined ? false : (reexported(g, exportedBy(g, t, name)) ?? null);
}

/**
 * `name` as a member of the type the module's function declares it returns (FileEntry.ft `.string(` rows
 * of the function's file, the type read as that file reads it, inherited members too). null: another
 * library's module or type; undefined: not known (no return type, no such function).
 */
export function returnedMember(g: GraphModel, e: FileEntry, qualifier: string | undefined, name: string, call: boolean): [string, number] | null | undefined {
  const hash = qualifier?.indexOf("#") ?? -1;
  const [lines, callee] = hash > 0 ? [qualifier!.slice(1, hash), qualifier!.slice(hash + 1)] : [];
  if (!lines || !callee) return undefined;
  const fn = statementExport(g, e, lines, callee.slice(0, callee.indexOf("(")));
  return fn === false ? null : returnedBy(g, fn ?? undefined, name, call, callee.slice(callee.indexOf("(")));
}

/**
 * `name` as a member of the type function `fn` (a file's top-level function: [file, index]) declares it
 * returns — FileEntry.ft `.f(` rows (`key` AWAITED: what awaiting it gives, `.f(await` rows). null: another
 * library's type; undefined: not known.
 */
export function returnedBy(g: GraphModel, fn: [string, number] | undefined, name: string, call: boolean, key = "("): [string, number] | null | undefined {
  const fe = fn && g.files.get(fn[0]);
  const x = fe?.d[fn![1]];
  // (`(#min(`: a member of what `min()` on what the function returns gives.)
  const hash = key.indexOf("#");
  const type = x && fe!.ft ? fieldTypeIn(fe!.ft, `.${x[0]}${hash < 0 ? key : key.slice(0, hash)}`) : undefined;
  if (type === FOREIGN) return null;
  if (!type) return undefined;
  // (`List<Foo> top()`: `top().first().bar()` is Foo's — qualified.ts genericMember.)
  const generic = hash > 0 && key.slice(0, hash) === "(" ? genericMember(g, fn![0], `.${x![0]}(`, type, key.slice(hash + 1), name, call) : undefined;
  if (generic !== undefined) return generic;
  return hash < 0 ? qualifiedMember(g, fn![0], fe!, type, name, call) : fieldMember(g, fn![0], type, key.slice(hash + 1), name, call);
}

/**
 * A TS object literal's key (collect.ts `{` qualifiers; `}` a shorthand key's): the member of the type a
 * declaration gives the object (`{^Options`), or of the parameter's declared type where a call passes it
 * (`{^#connect(1`, `{^Client#send(1`, `{@2-2#object(0`) — found there, else none (never a member by its
 * name alone).
 */
export function keyMember(g: GraphModel, rel: string, e: FileEntry, quals: string[] | undefined, name: string, calledFn: CalledFn): [string, number] | undefined {
  for (const q of quals ?? []) {
    const x = q.slice(1);
    const h = x[0] === "@" ? returnedMember(g, e, x, name, false) : ((v) => (v === false ? qualifiedMember(g, rel, e, x.slice(1), name, false) : v))(chainMember(g, rel, x, name, false, calledFn));
    if (h) return h;
  }
  return undefined;
}

/** A function a bare call names, as the calling file sees it (link.ts): [file, index], or undefined. */
export type CalledFn = (f: string) => [string, number] | undefined;

/**
 * `name` through a `^` qualifier that names a chain: `^#f(…` (what the file's or an imported function
 * returns, returnedBy) or `^T#key…` (a field's or a call's type, qualified.ts fieldMember); false for a
 * qualifier naming a type alone (`^T`), which the caller resolves.
 */
export function chainMember(g: GraphModel, rel: string, q: string, name: string, call: boolean, calledFn: CalledFn): [string, number] | null | undefined | false {
  if (q[1] === "#") return returnedBy(g, calledFn(q.slice(2, q.indexOf("("))), name, call, q.slice(q.indexOf("(")));
  const hash = q.indexOf("#");
  return hash > 0 ? fieldMember(g, rel, q.slice(1, hash), q.slice(hash + 1), name, call) : false;
}

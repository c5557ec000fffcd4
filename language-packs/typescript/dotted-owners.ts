/**
 * Owners named by a multi-part dotted path (`$.Widget`, `Hogan.Template`, `PIXI.Sprite`,
 * `KJUR.crypto.ECDSA`): the shapes a single name already had, read the same on a path. The core
 * (core/attach.ts) follows the path to the member the file declares.
 */
import type { SymbolRecord } from "../../core/types.js";

/** `exports.` / `module.exports.` before a path: `exports.X.prototype.y` is a member of the exported `X`. */
export const EXPORTS_PATH = /^(?:module\.)?exports\.(?=[\w$])/;

/** `A.B.prototype` (also `exports.A.prototype`; not `this.x.prototype`): the path `A.B`. */
const DOTTED_PROTOTYPE = /^((?!this\.)[\w$]+(?:\.[\w$]+)+)\.prototype$/;

/**
 * The owner of a prototype named by a path (`$.Widget.prototype` → `$.Widget`, `exports.DateZ.prototype`
 * → `DateZ`), undefined for any other target (a single name's is the callers' own rule).
 */
export function dottedPrototypeOwner(target: string): string | undefined {
  const m = DOTTED_PROTOTYPE.exec(target);
  if (!m || m[1] === "module.exports") return undefined;
  return m[1]!.replace(EXPORTS_PATH, "");
}

/**
 * `$.Widget.prototype = { destroy: function () {…} }` (jquery-ui's base widget, hogan's
 * `Hogan.Template.prototype`, pixi's and Three.js's `X.Y.prototype`): the record `Plain.prototype =
 * {…}` makes — the property `prototype` of `$.Widget`, whose methods hoistedMethods (assignments.ts)
 * nests under `$.Widget` (they had been the members of a constant named `prototype`, owned by nothing).
 */
export function dottedPrototypeObject(r: SymbolRecord, target: string): boolean {
  const owner = dottedPrototypeOwner(target);
  if (!owner) return false;
  r.kind = "property";
  r.name = "prototype";
  r.attachTo = owner;
  return true;
}

/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 42, QA rounds on unseen JS and TS packages). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

const pick = (e: { kind: string; startLine: number; endLine: number; exported: boolean } | undefined) => (e ? [e.kind, e.startLine, e.endLine, e.exported] : undefined);

describe("JS/TS shapes from npm packages, session 42", () => {
  it("a prototype member assigned a constant this file declares is a property; one assigned a function it declares stays a method (rsvp's `Promise.prototype._guidKey = guidKey`)", async () => {
    const r = await report("rsvp.js", [
      "const guidKey = 'rsvp_' + Date.now() + '-';",
      "let counter = 0;",
      "const send = function (m) { return m; };",
      "function then() {}",
      "class Promise {}",
      "Promise.prototype._guidKey = guidKey;",
      "Promise.prototype.counter = counter;",
      "Promise.prototype.send = send;",
      "Promise.prototype.then = then;",
      "Promise.prototype.tag = 'x';",
      "export default Promise;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(pick(e.get("Promise._guidKey"))).toEqual(["property", 6, 6, true]);
    expect(pick(e.get("Promise.counter"))).toEqual(["property", 7, 7, true]);
    expect(pick(e.get("Promise.send"))).toEqual(["method", 8, 8, true]);
    expect(pick(e.get("Promise.then"))).toEqual(["method", 9, 9, true]);
    expect(pick(e.get("Promise.tag"))).toEqual(["property", 10, 10, true]);
  });
});

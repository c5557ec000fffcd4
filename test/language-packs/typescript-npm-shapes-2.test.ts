/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 21 QA). */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("JS/TS shapes from npm packages, round 2", () => {
  it("a module factory's statics on a parameter it gives prototype members are methods like those (bluebird: `module.exports = function (Promise) { Promise.prototype.settle = …; Promise.settle = … }`); other assignments to a parameter stay callbacks", async () => {
    const r = await report("factory.js", [
      "module.exports = function (Promise, debug) {",
      "  Promise.settle = function (promises) {",
      "    return promises;",
      "  };",
      "  debug.hook = function () {};",
      "  Promise.prototype.settle = function () {",
      "    return Promise.settle(this);",
      "  };",
      "};",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("exports.settle")).toMatchObject({ kind: "method", startLine: 2, endLine: 4 });
    expect(r.callbacks.map((c) => c.name)).toEqual(["debug.hook@5"]);
    // Read by the owner's name, the static and the prototype method told apart by how the source spells them.
    const f = join(dir, "factory.js");
    expect(await lens.readSymbol(f, "Promise.settle")).toMatchObject({ startLine: 2, note: "listed as exports.settle" });
    expect((await lens.readSymbol(f, "Promise.prototype.settle")).startLine).toBe(6);
  });
});

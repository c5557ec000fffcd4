/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 27). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report, lens, dir } = await tsProject();

describe("JS/TS shapes from npm packages, round 9", () => {
  it("a member assigned a function the file declares is listed under its owner (moment's `proto.add = add`, jsbn's `BigInteger.prototype.and = bnAnd`, zod's `ZodEnum.create = createZodEnum`); read_symbol still reads the declaration", async () => {
    const file = "moment.js";
    const src = [
      "function Moment(config) {",
      "  this._d = config;",
      "}",
      "/** Adds a duration. */",
      "function add(input) {",
      "  return input;",
      "}",
      "function createMoment() {",
      "  return new Moment({});",
      "}",
      "var proto = Moment.prototype;",
      "proto.add = add;",
      "Moment.create = createMoment;",
      "Moment.Sub = Moment;",
      "Moment.default = Moment;",
      "function EventEmitter() {}",
      "EventEmitter.EventEmitter = EventEmitter;",
      "var _exports = module.exports = {};",
      "function center(s) {",
      "  return s;",
      "}",
      "_exports.center = center;",
      "_exports.Moment = Moment;",
      "",
    ].join("\n");
    const e = flat(await report(file, src));
    expect(e.get("Moment.add")).toMatchObject({ kind: "method", startLine: 12, endLine: 12, signature: "proto.add = add", exported: true });
    expect(e.get("Moment.create")).toMatchObject({ kind: "method", startLine: 13, signature: "Moment.create = createMoment", exported: true });
    // A capitalised name (a compound component, a class) is a property; `X.default = X` is interop, no entry.
    expect(e.get("Moment.Sub")).toMatchObject({ kind: "property", startLine: 14 });
    expect(e.has("Moment.default")).toBe(false);
    expect(e.get("EventEmitter.EventEmitter")).toMatchObject({ kind: "property", startLine: 17 });
    // On the export object, `_exports.center = center` exports `center`: no member besides.
    expect(e.get("center")).toMatchObject({ kind: "function", exported: true });
    expect([...e.keys()].filter((k) => k.startsWith("_exports."))).toEqual([]);
    const read = await lens.readSymbol(join(dir, file), "Moment.add");
    expect([read.found, read.name, read.startLine, read.endLine, read.note]).toEqual([true, "add", 4, 7, "also assigned to Moment.add; declared as add"]);
    expect((await lens.readSymbol(join(dir, file), "Moment.create")).startLine).toBe(8);
    const own = await lens.readSymbol(join(dir, file), "add");
    expect([own.startLine, own.ambiguous]).toEqual([4, undefined]);
    expect((await lens.readSymbol(join(dir, file), "Moment.add", { kind: "method" })).startLine).toBe(12);
  });
});

/** The JS/TS pack on declaration shapes the grammar or the binding reader missed (ES module QA). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("declaration shapes", () => {
  it("`export default function (): T;` (tsc's .d.ts of an anonymous default function) is the exported function `default`, no syntax error", async () => {
    // zod/v4/locales/hr.d.ts, verbatim.
    const r = await report("locale.d.ts", [
      'import type * as errors from "../core/errors.js";',
      "export default function (): {",
      "    localeError: errors.$ZodErrorMap;",
      "};",
    ].join("\n"));
    expect(r.warnings?.some((w) => /syntax error/.test(w))).toBe(false);
    expect(r.api?.map((e) => [e.name, e.kind, e.startLine, e.endLine, e.exported])).toEqual([["default", "function", 2, 4, true]]);
    expect(r.api?.[0]?.signature).toBe("function (): { localeError: errors.$ZodErrorMap; }");
    const read = await lens.readSymbol(join(dir, "locale.d.ts"), "default");
    expect(read).toMatchObject({ found: true, startLine: 2, endLine: 4 });
    // Type parameters, a function type returning an object type; a default with a body is unchanged.
    const g = await report("generic.d.ts", "export default function <T extends Array<() => void>>(a: T): (x: number) => { y: string };\nexport declare const z: number;\n");
    expect(g.api?.map((e) => [e.name, e.kind, e.exported])).toEqual([["default", "function", true], ["z", "constant", true]]);
    expect(g.api?.[0]?.signature).toMatch(/^function <T extends Array<\(\) => void>>\(a: T\)/);
    const body = await report("body.ts", "export default function (a: string): { x: 1 } {\n  return { x: 1 };\n}\n");
    expect(body.api?.map((e) => [e.name, e.kind, e.startLine, e.endLine, e.signature])).toEqual([["default", "function", 1, 3, "function (a: string): { x: 1 }"]]);
  });
});

/**
 * A name on an import or re-export line is the file that statement imports: a barrel's
 * `export { default as ar } from "./ar.js"` and `export { default as az } from "./az.js"` use ar.ts's and
 * az.ts's `default` — zod's locales had every locale's `default` "used by" the index lines of the others
 * (a name was resolved against the first imported file exporting it, whatever the line).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const LOCALE = (id: string) => `export default function (): string {\n  return "${id}";\n}\n`;

describe("links from import and re-export lines", () => {
  it("each re-export line links to the file it names, as an import", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/locales/ar.ts": LOCALE("ar"),
        "src/locales/az.ts": LOCALE("az"),
        "src/locales/be.ts": LOCALE("be"),
        "src/locales/index.ts": ['export { default as ar } from "./ar.js";', 'export { default as az } from "./az.js";', "export {", "  default as be,", '} from "./be.js";', ""].join("\n"),
        "src/main.ts": 'import { ar } from "./locales/index.js";\nexport const x = ar();\n',
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const uses = async (f: string) => (flat(await lens.moduleReport(f)).get("default")?.usedBy ?? []).map((u) => [u.file, u.symbol, u.line, u.relation]);
    expect(await uses("src/locales/ar.ts")).toEqual([["src/locales/index.ts", "ar", 1, "import"]]);
    expect(await uses("src/locales/az.ts")).toEqual([["src/locales/index.ts", "az", 2, "import"]]);
    expect(await uses("src/locales/be.ts")).toEqual([["src/locales/index.ts", "be", 4, "import"]]);
  });

  it("several names re-exported on one line: each one's use is its own re-export entry, not the line's last (gaxios' index.d.ts had GaxiosError and GaxiosResponse used by `RetryConfig`)", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/common.ts": "export class HttpError extends Error {}\nexport interface Response {\n  status: number;\n}\nexport interface RetryConfig {\n  retries: number;\n}\n",
        "src/index.ts": 'export { HttpError, Response, RetryConfig } from "./common.js";\n',
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const report = flat(await lens.moduleReport("src/common.ts"));
    const uses = (name: string) => (report.get(name)?.usedBy ?? []).map((u) => [u.file, u.symbol, u.line, u.relation]);
    expect(uses("HttpError")).toEqual([["src/index.ts", "HttpError", 1, "import"]]);
    expect(uses("Response")).toEqual([["src/index.ts", "Response", 1, "import"]]);
    expect(uses("RetryConfig")).toEqual([["src/index.ts", "RetryConfig", 1, "import"]]);
  });

  it("a name one import statement binds is that statement's file in code too, not the first imported file that exports the same name (b.ts's `run` had taken a.ts's calls)", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/a.ts": "export function run(): number {\n  return 1;\n}\n",
        "src/b.ts": "export function run(): number {\n  return 2;\n}\nexport function stop(): void {}\n",
        "src/use.ts": ['import { stop } from "./b.js";', 'import { run } from "./a.js";', "export function go(): number {", "  stop();", "  return run();", "}", ""].join("\n"),
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const runA = flat(await lens.moduleReport("src/a.ts")).get("run")?.usedBy ?? [];
    const runB = flat(await lens.moduleReport("src/b.ts")).get("run")?.usedBy ?? [];
    expect(runA.map((u) => [u.file, u.symbol, u.line, u.relation])).toEqual([["src/use.ts", "go", 5, "call"]]);
    expect(runB).toEqual([]);
  });
});

describe("recommended reads", () => {
  it("a data member of one or two lines is no recommended read however used (its line is in the outline); the class, a used constant and a longer table are", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/doc.ts": [
          "export const LIMIT = 5;",
          "export class Doc {",
          "  store = new Map<string, number>();",
          "  clientID = 1;",
          "  get(k: string): number | undefined {",
          "    return this.store.get(k);",
          "  }",
          "}",
          "export const TABLE = {",
          "  a: 1,",
          "  b: 2,",
          "};",
          "",
        ].join("\n"),
        "src/a.ts": 'import { LIMIT, Doc, TABLE } from "./doc.js";\nexport function a(d: Doc): number { return LIMIT + d.store.size + d.clientID + TABLE.a; }\n',
        "src/b.ts": 'import { LIMIT, Doc } from "./doc.js";\nexport function b(d: Doc): number { return LIMIT + d.store.size + (d.get("x") ?? 0); }\n',
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const r = await lens.moduleReport("src/doc.ts");
    const picks = (r.recommendedReads ?? []).map((x) => x.symbol);
    expect(picks).not.toContain("Doc.store");
    expect(picks).not.toContain("Doc.clientID");
    // (Before: Doc.store, Doc, LIMIT. `d.get("x")` on `d: Doc` is Doc.get's use by its declared type
    // — typed-scope.ts —, which ranks it above TABLE.)
    expect(picks).toEqual(["Doc", "LIMIT", "Doc.get"]);
  });

  it("`export * from` in a file with exports of its own: names imported through it link to the file they come from, built from scratch or updated", async () => {
    // openai's src/error.ts shape: `export * from "./core/error"` and its own exports; `resources/a.ts` imports BigThing from it.
    const dir = tempProject({
      "res/a.ts": 'import { BigThing, localOne } from "../error";\nexport function useIt() { throw new BigThing(String(localOne)); }\n',
      "error.ts": 'import { helper } from "./util";\nexport * from "./core/error";\nexport const localOne = helper();\n',
      "core/error.ts": "export class BigThing extends Error {}\n",
      "util.ts": "export function helper(): number { return 1; }\n",
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const uses = async (f: string, name: string) => (flat(await lens.moduleReport(f)).get(name)?.usedBy ?? []).map((u) => [u.file, u.symbol, u.line, u.relation, u.confidence]);
    const expected = [["res/a.ts", "useIt", 2, "call", "import"]];
    expect(await uses("core/error.ts", "BigThing")).toEqual(expected);
    // Only what it re-exports whole: util.ts's helper, imported for its own use, is not reached through it.
    expect(await uses("util.ts", "helper")).toEqual([["error.ts", "localOne", 3, "call", "import"]]);
    // A pure barrel gaining an export of its own keeps its importers' links (an update equals a build).
    writeFileSync(join(dir, "error.ts"), 'export * from "./core/error";\n');
    await lens.index();
    expect(await uses("core/error.ts", "BigThing")).toEqual(expected);
    writeFileSync(join(dir, "error.ts"), 'import { helper } from "./util";\nexport * from "./core/error";\nexport const localOne = helper();\nexport const two = 2;\n');
    await lens.index();
    expect(await uses("core/error.ts", "BigThing")).toEqual(expected);
    await lens.index({ rebuild: true });
    expect(await uses("core/error.ts", "BigThing")).toEqual(expected);
  });

  it("a re-export without a new name is an import of the declaration, and a module's member on a definition's line is a use (the Anthropic SDK's `static toFile = Uploads.toFile`: toFile had read unused)", async () => {
    const lens = await Lens.create({
      cwd: tempProject({
        "src/to-file.ts": "export async function toFile(value: string): Promise<string> {\n  return value;\n}\n",
        "src/uploads.ts": 'export { toFile } from "./to-file.js";\n',
        "src/client.ts": 'import * as Uploads from "./uploads.js";\nexport class Client {\n  static toFile = Uploads.toFile;\n}\n',
      }),
    });
    expect((await lens.index()).warnings).toEqual([]);
    const uses = (flat(await lens.moduleReport("src/to-file.ts")).get("toFile")?.usedBy ?? []).map((u) => [u.file, u.symbol, u.line, u.relation]);
    expect(uses).toEqual(expect.arrayContaining([["src/uploads.ts", "toFile", 1, "import"], ["src/client.ts", "Client.toFile", 3, "reference"]]));
  });
});

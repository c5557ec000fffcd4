/** The JS/TS pack on shapes found in packages fetched from the npm registry (session 26). */
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { report } = await tsProject();

describe("JS/TS shapes from npm packages, round 7", () => {
  it("a doc line ending in `***)` keeps it: only an ML comment closes with `*)` (swr's `(note: ***This is per-hook***)`)", async () => {
    const r = await report("emphasis.ts", [
      "export interface Config {",
      "  /**",
      "   * initial data to be returned (note: ***This is per-hook***)",
      "   * @see {@link https://swr.vercel.app/docs/with-nextjs}",
      "   */",
      "  fallbackData?: unknown;",
      "  /** Use **bold** text. */",
      "  other?: number;",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Config.fallbackData")?.doc).toBe("initial data to be returned (note: ***This is per-hook***)");
    expect(e.get("Config.other")?.doc).toBe("Use **bold** text.");
  });

  it("a default parameter's function shows its body elided `{…}` in the head, not its statements (jotai's `createJSONStorage`)", async () => {
    const r = await report("storage.ts", [
      "export function createJSONStorage(getStringStorage = () => {",
      "  try {",
      "    return window.localStorage;",
      "  } catch (e) {",
      "    return undefined;",
      "  }",
      "}, options?: object) {",
      "  return { getStringStorage, options };",
      "}",
      "export const make = (cb = (x: number) => { return x * 2; }, other = function named() { return 1; }): number => {",
      "  return cb(1) + other();",
      "};",
      "/** A function type's object-type result is no body. */",
      "export function plain(a: (x: number) => { ok: boolean }) { return a; }",
      "export class K { m(f = () => { return 1; }) { return f; } }",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("createJSONStorage")?.signature).toBe("function createJSONStorage(getStringStorage = () => {…}, options?: object)");
    expect(e.get("make")?.signature).toBe("const make = (cb = (x: number) => {…}, other = function named() {…}): number");
    expect(e.get("plain")?.signature).toBe("function plain(a: (x: number) => { ok: boolean })");
    expect(e.get("K.m")?.signature).toBe("m(f = () => {…})");
  });

  it("what a factory installs on the binding it returns inside an `if` is its member too (jotai's `freezeAtom`); in a loop, or on a binding it does not return, a callback", async () => {
    const r = await report("freeze.js", [
      "export function freezeAtom(anAtom) {",
      "  anAtom.read = function (get) { return get(anAtom); };",
      "  if ('write' in anAtom) {",
      "    anAtom.write = function (get, set) { return set(anAtom); };",
      "  } else if (anAtom.x) {",
      "    anAtom.reset = function () {};",
      "  } else anAtom.clear = function () {};",
      "  if (anAtom.z) anAtom.debug = function () {};",
      "  for (const k of []) { anAtom.loop = function () {}; }",
      "  return anAtom;",
      "}",
      "export function wire(el) {",
      "  if (el) { el.onclick = function () {}; }",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("freezeAtom")!.members!.map((m) => `${m.name}:${m.kind}@${m.startLine}`)).toEqual(["read:method@2", "write:method@4", "reset:method@6", "clear:method@7", "debug:method@8"]);
    expect(e.get("wire")!.members ?? []).toEqual([]);
    expect(r.callbacks.map((c) => c.startLine)).toEqual(expect.arrayContaining([9, 13]));
  });

  it("a named function inside an object method handed to a call is kept as it is inside an arrow handed to one (apollo's plugin hooks); one inside a local object's method stays a local", async () => {
    const r = await report("plugin.ts", [
      "export function usagePlugin(options: { n: number }) {",
      "  return internalPlugin({",
      "    async serverWillStart() {",
      "      function schemaId(s: string) {",
      "        return s + options.n;",
      "      }",
      "      return schemaId('a');",
      "    },",
      "  });",
      "}",
      "export function other() {",
      "  setup(() => {",
      "    function inner() { return 1; }",
      "    inner();",
      "  });",
      "}",
      "export function describeFrame() {",
      "  const RunInRoot = {",
      "    determine: function () {",
      "      var Fake = function () { throw Error(); };",
      "      return Fake;",
      "    },",
      "  };",
      "  return RunInRoot.determine();",
      "}",
      "declare function internalPlugin(x: object): object;",
      "declare function setup(f: () => void): void;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("usagePlugin")!.members!.map((m) => m.name)).toEqual(["schemaId"]);
    expect(e.get("usagePlugin.schemaId")).toMatchObject({ kind: "function", startLine: 4, endLine: 6, exported: false });
    expect(e.get("other")!.members!.map((m) => m.name)).toEqual(["inner"]);
    expect(e.has("describeFrame.Fake")).toBe(false);
    expect(e.get("describeFrame")!.members ?? []).toEqual([]);
    // (The hook itself stays a callback.)
    expect(r.callbacks.some((c) => c.startLine === 3)).toBe(true);
  });

  it("a type head over the signature's length keeps what it extends and implements: its type parameters lose their constraints and defaults, then all of them (bullmq's `Queue`)", async () => {
    const r = await report("queue.d.ts", [
      "export declare class Queue<DataTypeOrJob = any, DefaultResultType = any, DefaultNameType extends string = string, DataType = ExtractDataType<DataTypeOrJob, DataTypeOrJob>, ResultType = ExtractResultType<DataTypeOrJob, DefaultResultType>> extends QueueGetters<DataType, ResultType> implements Closable {",
      "    close(): Promise<void>;",
      "}",
      "export interface Handler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>, Fn = (a: number) => void, Extra = { deep: Array<Map<string, Set<number>>> }, More = never> extends RequestHandlerBaseWithAVeryLongNameThatGoesOnAndOn<P, ResBody, ReqBody, ReqQuery, LocalsObj, Fn> {}",
      "export declare class Short<T = any> extends Base<T> {}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Queue")?.signature).toBe("class Queue<DataTypeOrJob, DefaultResultType, DefaultNameType, DataType, ResultType> extends QueueGetters<DataType, ResultType> implements Closable");
    expect(e.get("Handler")?.signature).toMatch(/^interface Handler<…> extends RequestHandlerBaseWithAVeryLongNameThatGoesOnAndOn<P, ResBody/);
    expect(e.get("Handler")!.signature!.length).toBeLessThanOrEqual(160);
    // (A head that fits keeps its defaults.)
    expect(e.get("Short")?.signature).toBe("class Short<T = any> extends Base<T>");
  });

  it("a re-export's head is at most 160 characters, and a self-alias `X as X` is said `X` (anthropic's namespaces)", async () => {
    const long = "BetaManagedAgentsSelfHostedResourcesUnsupportedDeploymentPausedReasonErrorObject";
    const r = await report("deployments.ts", [
      "export declare namespace Deployments {",
      "  export {",
      `    type ${long} as ${long},`,
      `    type ${long}ButLongerStill as ${long}ButLongerStillAndRenamedToSomethingElseEntirely,`,
      "  };",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get(`Deployments.${long}`)?.signature).toBe(`export { type ${long} }`);
    const renamed = e.get(`Deployments.${long}ButLongerStillAndRenamedToSomethingElseEntirely`)!;
    expect(renamed.signature!.length).toBeLessThanOrEqual(160);
    expect(renamed.signature).toMatch(/^export \{ type \w+ as…$/);
  });

  it("a local exported by a specifier with a doc takes that doc (effect's `export { /** … */ void_ as void }`)", async () => {
    const r = await report("effect.ts", [
      "const void_: number = 0;",
      "/** Own doc. */",
      "const try_ = 1;",
      "export {",
      "  /**",
      "   * Returns an effect that succeeds with `void`.",
      "   */",
      "  void_ as void,",
      "  /** Not this one. */",
      "  try_ as try,",
      "}",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("void_")).toMatchObject({ doc: "Returns an effect that succeeds with `void`.", startLine: 1, endLine: 1, exportedAs: ["void"] });
    expect(e.get("try_")?.doc).toBe("Own doc.");
  });

  it("a doc written between the decorators and the declaration is its doc, and the decorators stay its own (NestJS' `@Post()` / `/** … */` / `create()`)", async () => {
    const r = await report("svc.ts", [
      "@Injectable()",
      "/** Service doc. */",
      "export class Svc {",
      "  @Post(\":id\")",
      "  /** Create a user. */",
      "  create(id: number) {}",
      "",
      "  /** Above. */",
      "  @Get()",
      "  list() {}",
      "}",
      "declare function Injectable(): ClassDecorator;",
      "declare function Post(p: string): MethodDecorator;",
      "declare function Get(): MethodDecorator;",
      "",
    ].join("\n"));
    const e = flat(r);
    expect(e.get("Svc")).toMatchObject({ doc: "Service doc.", decorators: ["@Injectable()"], startLine: 1, endLine: 11 });
    expect(e.get("Svc.create")).toMatchObject({ doc: "Create a user.", decorators: ['@Post(":id")'], startLine: 4, endLine: 6 });
    expect(e.get("Svc.list")).toMatchObject({ doc: "Above.", decorators: ["@Get()"], startLine: 9, endLine: 10 });
  });
});

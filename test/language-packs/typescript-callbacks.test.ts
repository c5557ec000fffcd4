/** The JS/TS pack's callbacks, flags and imports, asserted one by one on real parsed code. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flat } from "../helpers.js";
import { tsProject } from "./ts-project.js";

const { dir, lens, report } = await tsProject();

describe("callbacks", () => {
  it("kinds, flags, handles, parent chains; an arrow const that is a symbol is not repeated", async () => {
    const r = await report("cb.ts", [
      "export const onReady = () => { console.log(1); };",
      "export function wire(events: any, p: Promise<void>) {",
      "  events.on('exit', () => { cleanup(); });",
      "  events.on('data', async (d: any) => { await use(d); });",
      "  setTimeout(() => { tick(); }, 10);",
      "  p.then((v) => { use(v); });",
      "  items.forEach((i) => { use(i); });",
      "  p.catch(() => null);",
      "}",
    ].join("\n"));
    const byName = new Map(r.callbacks?.map((c) => [c.name, c]));
    expect(byName.get("events.on@3")).toMatchObject({ kind: "event_handler", flags: ["lifecycle"], parentChain: ["wire"] });
    expect(byName.get("events.on@4")).toMatchObject({ kind: "event_handler", flags: ["async"] });
    expect(byName.get("setTimeout@5")).toMatchObject({ kind: "timer_callback", flags: ["detached timer"] });
    expect(byName.get("p.then@6")?.kind).toBe("promise_callback");
    expect(byName.get("items.forEach@7")?.kind).toBe("callback");
    expect(r.callbacks?.some((c) => c.startLine === 1)).toBe(false);
    expect(byName.has("p.catch@8")).toBe(false); // a one-expression continuation is plumbing
    expect(r.callbacks?.length).toBe(5);
    for (const c of r.callbacks ?? []) expect(c.name).not.toMatch(/\s/);
  });

  it("data keys of an object literal nothing holds are no entries (test expectations); mixins stay; an object of functions handed to a top-level call holds callbacks", async () => {
    const src = [
      "test('parses', () => {",
      "  expect(parse('a[b]=c')).toEqual({ a: { b: 'c' } });",
      "  run({ options: { depth: 2 } });",
      "});",
      "jQuery.extend({",
      "  ajaxSettings: { url: '' },",
      "  ajaxSetup: function (target) { return target; },",
      "});",
      "register({ methods: { save() { return 1; } } });",
      "",
    ].join("\n");
    const r = await report("parse.test.js", src.replace("  run({ options: { depth: 2 } });", "  run({ options: { depth: 2 }, onWarning: (w) => w });"));
    const e = flat(r);
    expect(e.has("a") || e.has("options")).toBe(false);
    // A test case's plumbing function is a callback, not a module-level method.
    expect(e.has("onWarning")).toBe(false);
    expect(r.callbacks.map((c) => c.name)).toContain("onWarning@3");
    expect(e.get("ajaxSettings")).toMatchObject({ kind: "property", startLine: 6 });
    expect(e.get("ajaxSetup")).toMatchObject({ kind: "method", startLine: 7 });
    expect(e.has("methods.save") || e.has("save")).toBe(false);
    expect(r.callbacks.map((c) => c.name)).toContain("save@9");
  });

  it("shorthand methods of an object handed to a call inside a function are callbacks, as key: () => {} ones are", async () => {
    const src = [
      "export default function (pi: ExtensionAPI) {",
      "  pi.registerTool({",
      "    name: 'read',",
      "    async execute(id: string) {",
      "      return run(id);",
      "    },",
      "    render: (args: Args) => {",
      "      return show(args);",
      "    },",
      "  });",
      "}",
      "class Tool {",
      "  execute() {}",
      "}",
      "",
    ].join("\n");
    const r = await report("extension.ts", src);
    const byName = new Map(r.callbacks.map((c) => [c.name, c]));
    expect(byName.get("execute@4")).toMatchObject({ kind: "object_property_callback", startLine: 4, endLine: 6, flags: ["async"], parentChain: ["default"], signature: "async execute(id: string)" });
    expect(byName.get("render@7")).toMatchObject({ kind: "object_property_callback", startLine: 7, endLine: 9 });
    // A class's method is a symbol, never a callback.
    expect(r.callbacks.map((c) => c.name).sort()).toEqual(["execute@4", "render@7"]);
    const read = await lens.readSymbol(join(dir, "extension.ts"), "execute@4");
    expect(read.source).toContain("return run(id);");
  });

  it("test cases are callbacks flagged test whose head is their title; compact lists the titles", async () => {
    const src = [
      "describe('parser', () => {",
      "  it('parses arrays', () => {",
      "    expect(parse('[1]')).toEqual([1]);",
      "  });",
      "  it.each([1, 2])('parses %s', (n) => {",
      "    expect(parse(String(n))).toBe(n);",
      "  });",
      "  items.forEach((i) => {",
      "    use(i);",
      "  });",
      "});",
      "",
    ].join("\n");
    const r = await report("parser.test.ts", src);
    const byName = new Map(r.callbacks.map((c) => [c.name, c]));
    expect(byName.get("describe@1")).toMatchObject({ kind: "callback", flags: ["test"], signature: "describe('parser')" });
    expect(byName.get("it@2")).toMatchObject({ kind: "callback", startLine: 2, endLine: 4, flags: ["test"], signature: "it('parses arrays')" });
    expect(byName.get("it.each([1,2])@5")).toMatchObject({ flags: ["test"], signature: "it.each([1,2])('parses %s')" });
    // Any other callback keeps its own head and no flag.
    expect(byName.get("items.forEach@8")).toMatchObject({ signature: "(i)" });
    expect(byName.get("items.forEach@8")?.flags).toBeUndefined();
    const compact = lens.render(r, "compact", { detail: "full" });
    expect(compact).toMatch(/it@2 {2}'parses arrays' {2}\[test\]/);
    expect(compact).toMatch(/describe@1 {2}'parser'/);
  });

  it("what a test case or hook declares is the test's own; a describe body's helpers and the module's declarations stay", async () => {
    const src = [
      "const schema = z.object({ a: z.string() });", // 1
      "function fixture(n: number) { return { n }; }",
      "describe('object', () => {",
      "  function shared(x: unknown) { return schema.parse(x); }", // 4
      "  beforeEach(() => {",
      "    const reset = () => store.clear();", // 6
      "    reset();",
      "  });",
      "  it('parses', () => {",
      "    type Out = z.infer<typeof schema>;", // 10
      "    const rand = (n: number) => Math.floor(Math.random() * n);",
      "    function check(o: Out) { expect(o.a).toBe('x'); }",
      "    check(shared({ a: 'x', n: rand(3) }));",
      "  });",
      "  test.each([1, 2])('n=%s', (n) => {",
      "    class Local { run() { return n; } }", // 16
      "    expect(new Local().run()).toBe(n);",
      "  });",
      "});",
      "",
    ].join("\n");
    const e = flat(await report("object.test.ts", src));
    expect([...e.keys()]).toEqual(["schema", "fixture", "shared"]);
    expect(e.get("shared")).toMatchObject({ kind: "function", startLine: 4 });
  });

  it("test calls' forms (.only, .skip, .concurrent, .todo, .each) are test cases too; a method named test is not one", async () => {
    const src = [
      "describe.only('a', () => {", // 1
      "  it.skip('b', () => { const h1 = () => 1; });",
      "  test.concurrent('c', async () => { function h2() {} });",
      "  it.todo('d', () => { class H3 {} });",
      "  bench.each([1])('e', (n) => { const h4 = (x: number) => x * n; });",
      "});",
      "const re = /x/;",
      "re.test('x', () => { const kept = () => 2; });", // 8: not a test call
      "",
    ].join("\n");
    const r = await report("forms.test.ts", src);
    const tests = r.callbacks.filter((c) => c.flags?.includes("test")).map((c) => c.signature);
    expect(tests).toEqual(["describe.only('a')", "it.skip('b')", "test.concurrent('c')", "it.todo('d')", "bench.each([1])('e')"]);
    expect([...flat(r).keys()]).toEqual(["re", "kept"]);
  });

  it("JSX: inline on… handlers are event handlers named element.prop; block-bodied render props are callbacks", async () => {
    const src = [
      "export function Profile({ user }: Props) {",
      "  const [name, setName] = useState(user.name);",
      "  return (",
      "    <Form.Root onSubmit={async (e) => {",
      "      e.preventDefault();",
      "    }}>",
      "      <input value={name} onChange={(e) => setName(e.target.value)} />",
      "      <List render={(row) => <Row row={row} />} footer={() => {",
      "        return <Footer />;",
      "      }} />",
      "      <button onClick={save}>Save</button>",
      "    </Form.Root>",
      "  );",
      "}",
      "",
    ].join("\n");
    for (const file of ["Profile.tsx", "Profile.jsx"]) {
      const r = await report(file, file.endsWith(".jsx") ? src.replace("({ user }: Props)", "({ user })") : src);
      const byName = new Map(r.callbacks.map((c) => [c.name, c]));
      expect(byName.get("Form.Root.onSubmit@4"), file).toMatchObject({ kind: "event_handler", startLine: 4, endLine: 6, flags: ["async"], parentChain: ["Profile"] });
      expect(byName.get("input.onChange@7"), file).toMatchObject({ kind: "event_handler", startLine: 7, signature: "(e)" });
      expect(byName.get("List.footer@8"), file).toMatchObject({ kind: "object_property_callback", startLine: 8, endLine: 10 });
      // A one-expression render prop is plumbing; a handler given by name is no inline function.
      expect(r.callbacks.map((c) => c.name).sort(), file).toEqual(["Form.Root.onSubmit@4", "List.footer@8", "input.onChange@7"]);
      const read = await lens.readSymbol(join(dir, file), "input.onChange@7");
      expect(read.source, file).toContain("onChange={(e) => setName(e.target.value)}");
    }
  });

  it("effects of other frameworks are lifecycle handlers: Svelte 5 $effect, Solid createEffect/onCleanup, Angular effect", async () => {
    const r = await report("effects.ts", [
      "$effect(() => {",
      "  console.log(count);",
      "});",
      "$effect.pre(() => {",
      "  measure();",
      "});",
      "createEffect(() => {",
      "  track();",
      "});",
      "effect(() => {",
      "  sync();",
      "});",
      "",
    ].join("\n"));
    expect(r.callbacks.map((c) => [c.name, c.kind, c.flags])).toEqual([
      ["$effect@1", "event_handler", ["lifecycle"]],
      ["$effect.pre@4", "event_handler", ["lifecycle"]],
      ["createEffect@7", "event_handler", ["lifecycle"]],
      ["effect@10", "event_handler", ["lifecycle"]],
    ]);
  });

  it("a callback is named by the function called: not `await` (the grammar's reading of `await f<T>(…)`), not tsc's `(0, f)`", async () => {
    const r = await report("await-generic.ts", "async function open(ctx: Ctx) {\n  await ctx.ui.custom<void>((tui, done) => {\n    return done();\n  });\n}\n");
    expect(r.callbacks.map((c) => [c.name, c.parentChain])).toEqual([["ctx.ui.custom@2", ["open"]]]);
    // tsc's `(0, stream_1.pipeline)(…, fn)` is named by the function it calls.
    const tsc = await report("transfer.js", "(0, stream_1.pipeline)(source, dest, (err) => {\n  done(err);\n});\n(0, events_1.once)(socket, 'close').then((v) => {\n  use(v);\n});\n");
    expect(tsc.callbacks.map((c) => c.name)).toEqual(["stream_1.pipeline@1", "(0,events_1.once)(socket,'close').then@4"]);
  });

  it("a chain's handle folds the long or nested arguments of its calls; short plain ones stay; read_symbol takes it", async () => {
    const r = await report("chain.ts", [
      "export function wire(query: any, url: string) {",
      "  query.debounce(300, { leading: true }).subscribe((q: string) => {",
      "    use(q);",
      "  });",
      "  fetch(url).then((res) => {",
      "    return res.json();",
      "  }).catch((e) => {",
      "    report(e);",
      "  });",
      "  emitter.on('connection:established:with:retry', (s: any) => {",
      "    use(s);",
      "  });",
      "}",
    ].join("\n"));
    expect(r.callbacks.map((c) => c.name)).toEqual(["query.debounce(…).subscribe@2", "fetch(url).then@5", "fetch(url).then(…).catch@7", "emitter.on@10"]);
    const read = await lens.readSymbol(join(dir, "chain.ts"), "fetch(url).then(…).catch@7");
    expect(read).toMatchObject({ found: true, startLine: 7, endLine: 9 });
  });

  it("route handlers: a path first makes app.get/router.post callbacks event handlers flagged route", async () => {
    const r = await report("routes.js", [
      "app.get('/health', (req, res) => {",
      "  res.json({ ok: true });",
      "});",
      "router.post('/users/:id', async function updateUser(req, res) {",
      "  res.json(await save(req.body));",
      "});",
      "cache.get(key, () => {",
      "  return fill(key);",
      "});",
    ].join("\n"));
    const byName = new Map(r.callbacks?.map((c) => [c.name, c]));
    expect(byName.get("app.get@1")).toMatchObject({ kind: "event_handler", flags: ["route"] });
    expect(byName.get("router.post@4")).toMatchObject({ kind: "event_handler", flags: ["async", "route"] });
    expect(byName.get("router.post@4")?.parentChain).toBeUndefined(); // the named handler is not its own parent
    expect(byName.get("cache.get@7")?.kind).toBe("callback"); // no path first: not a route
    expect(flat(r).get("updateUser")?.kind).toBe("function");
  });

  it("a callee that is itself a function (a UMD wrapper) makes the handle iife@line, readable by read_symbol", async () => {
    const src = [
      "(function (root, factory) {",
      '  if (typeof define === "function" && define.amd) define([], factory);',
      "  else root.Lib = factory();",
      "})(this, function () {",
      "  function helper() {}",
      "  return { helper: helper };",
      "});",
      "",
    ].join("\n");
    const r = await report("umd.js", src);
    const umd = r.callbacks.find((c) => c.startLine === 4)!;
    expect(umd.name).toBe("iife@4");
    const read = await lens.readSymbol(join(dir, "umd.js"), "iife@4");
    expect(read).toMatchObject({ found: true, startLine: 4, endLine: 7 });
    // Ordinary callees keep their text.
    const plain = await report("plain.js", "emitter.on('data', function (chunk) {\n  console.log(chunk);\n});\n");
    expect(plain.callbacks.map((c) => c.name)).toEqual(["emitter.on@1"]);
  });

  it("handles keep the spaces of string literals; read_symbol takes a handle's last call, `...` for `…`", async () => {
    const r = await report("short.js", [
      'document.querySelector("#btn .a  b").addEventListener("click", (e) => {',
      "  go(e);",
      "});",
      "fetch(url).then((r) => r.json()).then((j) => {",
      "  use(j);",
      "}).catch((err) => {",
      "  fail(err);",
      "});",
    ].join("\n"));
    const names = r.callbacks?.map((c) => c.name);
    expect(names).toContain('document.querySelector("#btn .a b").addEventListener@1');
    expect(names).toContain("fetch(url).then(…).then(…).catch@6");
    const file = join(dir, "short.js");
    for (const [q, line] of [["catch@6", 6], ["addEventListener@1", 1], ["fetch(url).then(...).then(...).catch@6", 6], ["then", 4]] as const) {
      const s = await lens.readSymbol(file, q);
      expect(s.found, q).toBe(true);
      expect(s.startLine, q).toBe(line);
    }
    expect((await lens.readSymbol(file, "nothing@6")).found).toBe(false);
  });

  it("a handle drops the comments of its callee and keeps the space after `new`", async () => {
    const r = await report("chain-comments.js", [
      "function a(ps) {",
      "  return Promise.all(ps)",
      "    // ignore subsequent rollback errors",
      "    .catch(() => {}) /* and go on */",
      "    .then(() => { throw new Error('x') })",
      "}",
      "function b() {",
      "  return new Promise((r) => setTimeout(r, 1)).then(function done() {",
      "    return 1;",
      "  });",
      "}",
    ].join("\n"));
    const names = r.callbacks?.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["Promise.all(ps).catch@4", "Promise.all(ps).catch(…).then@5", "new Promise(…).then@8"]));
    const s = await lens.readSymbol(join(dir, "chain-comments.js"), "then@5");
    expect([s.found, s.startLine]).toEqual([true, 5]);
  });

  it("the cap keeps the highest-ranked callbacks and says so", async () => {
    const many = Array.from({ length: 60 }, (_, i) => `  x.forEach(() => { a${i}(); });`).join("\n");
    const r = await report("many.ts", `export function f() {\n  emitter.on('exit', () => { done(); });\n${many}\n}\n`);
    expect(r.callbacks?.length).toBe(40);
    expect(r.callbacks?.some((c) => c.kind === "event_handler")).toBe(true);
    expect(r.warnings?.some((w) => /callbacks: 61 found/.test(w))).toBe(true);
  });
});

describe("flags and imports", () => {
  it("complexity, high complexity, boundary wrapper", async () => {
    const branches = Array.from({ length: 8 }, (_, i) => `  if (a === ${i} && b) return ${i};`).join("\n");
    const r = await report("cx.ts", `export function busy(a: number, b: boolean) {\n${branches}\n  return -1;\n}\nexport async function safe() {\n  try { await busy(1, true); } catch (e) { log(e); }\n}\n`);
    const e = flat(r);
    expect(e.get("busy")?.complexity).toBe(17);
    expect(e.get("busy")?.flags).toContain("high complexity");
    expect(e.get("safe")?.flags).toEqual(["async", "boundary wrapper"]);
    expect(r.recommendedReads?.[0]?.symbol).toBe("busy");
  });

  it("ESM and require imports; relative specifiers resolve to files (.js → .ts twin, index)", async () => {
    await report("lib/util.ts", "export const u = 1;\n");
    await report("lib/dir/index.ts", "export const d = 1;\n");
    const r = await report("lib/main.ts", 'import { u } from "./util.js";\nimport d from "./dir";\nimport fs from "node:fs";\nconst z = require("zod");\nexport const m = u;\n');
    expect(r.imports?.internal).toEqual(["lib/util.ts", "lib/dir/index.ts"]);
    expect(r.imports?.external).toEqual(["node:fs", "zod"]);
  });
});

/**
 * Callback patterns written as leaves — the function inside a call's argument nodes — in the Python,
 * Java, Kotlin and Swift packs: the callee comes from the enclosing call (core/callbacks.ts
 * `calleeOfArgument`), a lambda among the arguments of what is no call is no call's callback, and a
 * method chain thousands of calls long keeps every callback (patterns rooted at the call had been
 * quadratic on it: a 4,000-call Kotlin chain took 18 s; timings are in bench/shapes.mjs).
 */
import { describe, expect, it } from "vitest";
import { inlineReport } from "../helpers.js";

const callbacks = async (name: string, src: string) => ((await inlineReport(name, src)).callbacks ?? []).map((c) => `${c.kind} ${c.name}`);

describe("callbacks from leaf patterns", () => {
  it("Kotlin: trailing and argument lambdas are classified by their callee; `withContext(ctx) { }` is named by `withContext`", async () => {
    const src = [
      "fun f(items: Flow<Int>) {",
      "    items.onEach({ log(it) })",
      "    scope.launch(Dispatchers.IO) {",
      "        work()",
      "    }",
      "    withContext(Dispatchers.Default) { step() }",
      "    root.setOnClickListener { go() }",
      "    repeat(3) { tick() }",
      "}",
      "",
    ].join("\n");
    expect(await callbacks("a.kt", src)).toEqual([
      "event_handler items.onEach@2",
      "coroutine scope.launch@3",
      "coroutine withContext@6",
      "event_handler root.setOnClickListener@7",
      "lambda repeat(3)@8",
    ]);
  });

  it("Kotlin: an infix call's lambda operand is named and classified by the infix function (expo's `AsyncFunction(\"x\") Coroutine { -> }`; it had been `callback@N`, kind callback)", async () => {
    const src = [
      "class M {",
      "  override fun definition() = ModuleDefinition {",
      "    AsyncFunction(\"get\") Coroutine { ->",
      "      load()",
      "    }",
      "    val job = scope launch { work() }",
      "  }",
      "}",
      "",
    ].join("\n");
    expect(await callbacks("m.kt", src)).toEqual(["lambda ModuleDefinition@2", "lambda Coroutine@3", "coroutine launch@6"]);
  });

  it("Swift: a closure argument is classified like a trailing closure (sink → event_handler, async → task)", async () => {
    const src = "func f() {\n    let c = publisher.sink(receiveValue: { v in print(v) })\n    DispatchQueue.main.async(execute: { go() })\n    items.map { $0 + 1 }\n}\n";
    expect(await callbacks("a.swift", src)).toEqual(["event_handler publisher.sink@2", "task DispatchQueue.main.async@3", "closure items.map@4"]);
  });

  it("Python: a lambda among a class's bases is no call's callback; timer references are resolved from the callee's name", async () => {
    const src = [
      "class A(B, key=lambda s: s.lower()):",
      "    def f(self, loop):",
      "        loop.call_later(5, self.tick)",
      "        loop.call_later(self.tick, 5)",
      "        sorted(xs, key=lambda x: x.id)",
      "        threading.Timer(1.0, self.tick).start()",
      "        call_soon(handler)",
      "",
    ].join("\n");
    expect(await callbacks("a.py", src)).toEqual([
      "timer_callback loop.call_later@3",
      "lambda sorted@5",
      "timer_callback threading.Timer@6",
      "timer_callback call_soon@7",
    ]);
  });

  it("Java: the invocation's name is the callee; a block lambda handed to super(…) is a callback too", async () => {
    const src = "class A extends B {\n  A() { super(() -> { run(); }); }\n  void f() { executor.submit(() -> { work(); }); list.stream().map(x -> x.id).forEach(x -> { use(x); }); }\n}\n";
    expect(await callbacks("A.java", src)).toEqual(["lambda super@2", "task executor.submit@3", "lambda forEach@3"]);
  });

  it("a chain of 3,000 calls keeps a callback per call, in Kotlin, Swift, Python and Java", async () => {
    const n = 3000;
    const chain = (call: (i: number) => string) => Array.from({ length: n }, (_, i) => call(i)).join("");
    const cases: [string, string][] = [
      ["a.kt", `fun f() {\n    val b = Builder()${chain((i) => `\n        .add { it + ${i} }`)}\n}\n`],
      ["a.swift", `func f() {\n    let b = Builder()${chain((i) => `\n        .add { $0 + ${i} }`)}\n}\n`],
      ["a.py", `def f():\n    b = (Builder()${chain((i) => `\n        .add(lambda x: x + ${i})`)})\n`],
      ["A.java", `class A {\n  void f() {\n    b = new Builder()${chain((i) => `\n        .add(x -> { return x + ${i}; })`)};\n  }\n}\n`],
    ];
    for (const [name, src] of cases) {
      const r = await inlineReport(name, src);
      expect(r.callbacks?.length, name).toBe(40);
      expect(r.warnings?.find((w) => w.startsWith("callbacks:")), name).toMatch(new RegExp(`^callbacks: ${n} found, the 40 highest-ranked are listed`));
    }
  }, 60_000);
});

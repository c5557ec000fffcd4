/**
 * read_symbol given a frame as Python, the JVM and .NET print it (core/read-spellings.ts): a Python name
 * under its module path (`asyncio.base_events.BaseEventLoop.run_until_complete`, any tail of the file's
 * path), a `__qualname__`'s `<locals>`; a Java lambda's and constructor's frame; .NET's nested `+`, an
 * async method's state machine, a lambda, `.ctor` — each read as the outline lists it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { lensAt } from "../helpers.js";

const files: Record<string, string> = {
  "lib/python3.11/asyncio/base_events.py": [
    "class BaseEventLoop:",
    "    def run_until_complete(self, future):",
    "        def done_cb(fut):",
    "            pass",
    "        return future",
    "",
    "    def close(self):",
    "        f = lambda: None",
    "        return f",
    "",
  ].join("\n"),
  "lib/python3.11/asyncio/__init__.py": ["def get_event_loop():", "    return None", ""].join("\n"),
  "java/com/ex/App.java": ["package com.ex;", "", "public class App {", "    public App(int x) { }", "    void run() {", "        Runnable r = () -> System.out.println(\"x\");", "    }", "}", ""].join("\n"),
  "cs/Svc.cs": [
    "namespace Acme;",
    "",
    "public class Svc",
    "{",
    "    public Svc() { }",
    "    public async Task RunAsync() { await Task.Delay(1); }",
    "    public void Main() { System.Action a = () => { }; }",
    "    public class Inner { public void Go() { } }",
    "}",
    "",
  ].join("\n"),
};

describe("read_symbol: Python's, the JVM's and .NET's frames", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pilens-frames-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const lens = await lensAt(dir);
  const read = async (file: string, q: string) => {
    const r = await lens.readSymbol(join(dir, file), q);
    return r.found ? `${r.name} ${r.startLine}-${r.endLine}` : `miss: ${(r.suggestions ?? []).join(", ")}`;
  };
  const py = "lib/python3.11/asyncio/base_events.py";

  it("Python: the module path before the name — any tail of the file's path —, a package by its folder, `<locals>`", async () => {
    expect(await read(py, "asyncio.base_events.BaseEventLoop.run_until_complete")).toBe("BaseEventLoop.run_until_complete 2-5");
    expect(await read(py, "base_events.BaseEventLoop.run_until_complete")).toBe("BaseEventLoop.run_until_complete 2-5");
    expect(await read(py, "asyncio.base_events.BaseEventLoop")).toBe("BaseEventLoop 1-9");
    expect(await read("lib/python3.11/asyncio/__init__.py", "asyncio.get_event_loop")).toBe("get_event_loop 1-2");
    // A function's closure or lambda (`__qualname__`): the function whose lines hold it.
    expect(await read(py, "asyncio.base_events.BaseEventLoop.run_until_complete.<locals>.done_cb")).toBe("BaseEventLoop.run_until_complete.done_cb 3-4");
    expect(await read(py, "BaseEventLoop.close.<locals>.<lambda>")).toBe("BaseEventLoop.close 7-9");
    // Another module's path is not this file's: a miss.
    expect(await read(py, "asyncio.events.BaseEventLoop.run_until_complete")).toMatch(/^miss: BaseEventLoop\.run_until_complete/);
  });

  it("Java: a lambda's frame is its method's, `<init>` the constructor", async () => {
    expect(await read("java/com/ex/App.java", "com.ex.App.lambda$run$0(App.java:6)")).toBe("App.run 5-7");
    expect(await read("java/com/ex/App.java", "com.ex.App.<init>(App.java:4)")).toBe("App.App 4-4");
  });

  it(".NET: a nested type's `+`, an async method's state machine, a lambda, `.ctor`", async () => {
    expect(await read("cs/Svc.cs", "Acme.Svc+Inner.Go()")).toBe("Acme.Svc.Inner.Go 8-8");
    expect(await read("cs/Svc.cs", "Acme.Svc.<RunAsync>d__1.MoveNext()")).toBe("Acme.Svc.RunAsync 6-6");
    expect(await read("cs/Svc.cs", "Acme.Svc.<>c.<Main>b__2_0()")).toBe("Acme.Svc.Main 7-7");
    expect(await read("cs/Svc.cs", "Acme.Svc..ctor()")).toBe("Acme.Svc.Svc 5-5");
  });
});

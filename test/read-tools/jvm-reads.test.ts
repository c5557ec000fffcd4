/**
 * read_symbol on Java, Kotlin and C# as code there names things (QA session 49, helper 2): a Kotlin
 * companion object's member through its class (`EdgeInsets.fromInsets`), as Kotlin calls it; the
 * overloads an ambiguity note lists, told apart by their heads.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";

async function project(files: Record<string, string>): Promise<Lens> {
  const dir = mkdtempSync(join(tmpdir(), "pilens-jvm-reads-"));
  mkdirSync(join(dir, ".git"));
  for (const [rel, text] of Object.entries(files)) writeFileSync(join(dir, rel), text);
  return Lens.create({ cwd: dir, root: dir });
}

const lines = (...l: string[]) => l.join("\n") + "\n";

describe("a Kotlin companion object's member", () => {
  const insets = lines(
    "package a",
    "",
    "data class EdgeInsets(val left: Float, val top: Float) {",
    "    companion object {",
    "        val ZERO: EdgeInsets = EdgeInsets(0.0f, 0.0f)",
    "",
    "        fun max(i1: EdgeInsets, i2: EdgeInsets) = EdgeInsets(",
    "            maxOf(i1.left, i2.left),",
    "            maxOf(i1.top, i2.top),",
    "        )",
    "    }",
    "}",
    "",
    "class Registry {",
    "    companion object Factory {",
    "        fun create(): Registry = Registry()",
    "    }",
    "}",
  );

  it("reads through its class, as Kotlin code calls it, and names the member as listed", async () => {
    const lens = await project({ "EdgeInsets.kt": insets });
    const r = await lens.readSymbol("EdgeInsets.kt", "EdgeInsets.max");
    expect(r).toMatchObject({ found: true, name: "EdgeInsets.Companion.max", kind: "method", startLine: 7, endLine: 10 });
    expect(r.source).toMatch(/maxOf\(i1\.top, i2\.top\)/);
    expect(await lens.readSymbol("EdgeInsets.kt", "EdgeInsets.ZERO")).toMatchObject({ found: true, name: "EdgeInsets.Companion.ZERO", startLine: 5 });
    // (A named companion: by the class, and by its own name as before.)
    expect(await lens.readSymbol("EdgeInsets.kt", "Registry.create")).toMatchObject({ found: true, name: "Registry.Factory.create", startLine: 16 });
    expect(await lens.readSymbol("EdgeInsets.kt", "Registry.Factory.create")).toMatchObject({ found: true, name: "Registry.Factory.create" });
    // (Not through another class: a miss.)
    expect(await lens.readSymbol("EdgeInsets.kt", "Registry.max")).toMatchObject({ found: false });
  });
});

describe("overloads with long heads in an ambiguity note", () => {
  const pool = lines(
    "package acme;",
    "",
    "public class ThreadPoolExecutor {",
    "    public ThreadPoolExecutor(int corePoolSize, int maximumPoolSize, long keepAliveTime, TimeUnit unit, BlockingQueue<Runnable> workQueue) {",
    "        this(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, null, null);",
    "    }",
    "",
    "    public ThreadPoolExecutor(int corePoolSize, int maximumPoolSize, long keepAliveTime, TimeUnit unit, BlockingQueue<Runnable> workQueue, ThreadFactory threadFactory) {",
    "        this(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, threadFactory, null);",
    "    }",
    "",
    "    public ThreadPoolExecutor(int corePoolSize, int maximumPoolSize, long keepAliveTime, TimeUnit unit, BlockingQueue<Runnable> workQueue, RejectedExecutionHandler handler) {",
    "        this(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, null, handler);",
    "    }",
    "",
    "    @SuppressWarnings(\"this-escape\")",
    "    public ThreadPoolExecutor(int corePoolSize, int maximumPoolSize, long keepAliveTime, TimeUnit unit, BlockingQueue<Runnable> workQueue, ThreadFactory threadFactory, RejectedExecutionHandler handler) {",
    "    }",
    "}",
  );

  it("shows each from where it parts from its namesakes, so the note tells them apart", async () => {
    const lens = await project({ "ThreadPoolExecutor.java": pool });
    const r = await lens.readSymbol("ThreadPoolExecutor.java", "ThreadPoolExecutor.ThreadPoolExecutor");
    expect(r).toMatchObject({ found: true, startLine: 4 });
    const heads = [...(r.note ?? "").matchAll(/ThreadPoolExecutor@(\d+) \(constructor [\d-]+: ([^)]*\))\)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(heads, r.note).toEqual([
      "8 …ThreadFactory threadFactory)",
      "12 …RejectedExecutionHandler handler)",
      "16 …ThreadFactory threadFactory, RejectedExecutionHandler handler)",
    ]);
  });
});

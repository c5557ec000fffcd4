/**
 * C# callbacks placed in code from leaf matches (language-packs/csharp/callbacks.ts): every place the
 * five former query patterns named — call and `new Thread/Timer` arguments, `+=` subscriptions, assignments,
 * declarators — with the same kinds, handles and order (same-line callbacks, `#2` handles).
 */
import { join } from "node:path";
import { expect, it } from "vitest";
import { fixtures, lensAt, repoRoot } from "../helpers.js";

it("C# callbacks: each place, kind and handle, in order", async () => {
  const r = await (await lensAt(repoRoot)).moduleReport(join(fixtures, "csharp/CallbackPlaces.cs"));
  expect(r.available, r.error).toBe(true);
  expect(r.callbacks?.map((c) => `${c.name} ${c.kind}`)).toEqual([
    "square@11 lambda", "cube@11 lambda",
    "b.Click@15 event_handler", "b.Click@15#2 event_handler", "b.Hover@15 event_handler",
    "Get@16 lambda", "Changed@16 event_handler",
    "b.Done@18 event_handler",
    "Task.Run@19 task", "ContinueWith@19 future_callback",
    "Task.Run@20 task", "Parallel.For@20 lambda",
    "Thread@21 task", "System.Threading.Timer@21 task",
    "Run@22 lambda",
    "handler@23 lambda", "this.Action@23 lambda",
    "local@24 lambda", "Nested@24 lambda",
    "Where@25 lambda",
    "ThreadPool.QueueUserWorkItem@26 task",
    "obs.Subscribe@27 future_callback",
    "Task.Factory.StartNew@28 task",
    "x[0]@29 lambda",
    "f@30 lambda",
  ]);
});

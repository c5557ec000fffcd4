/**
 * A function's own helpers and bindings (a nested `def`, a `const` inside a Rust `fn`): what that
 * function's code names by them (`exact`), never a member anyone else's `.name` takes by its name
 * (core/graph/visibility.ts functionLocal). And `0..ITERS` is a range, no member `.ITERS` — while
 * Dart's cascade `b..stash(x)` is a member.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

describe("function-local helpers and bindings", () => {
  it("Python: a nested def is its function's call; `self.helper()` elsewhere is not it", async () => {
    const u = await usedBy({
      "app.py": "def outer(items):\n    def helper(x):\n        return x * 2\n    return [helper(i) for i in items]\n",
      "other.py": "class Box:\n    def run(self):\n        return self.helper()\n",
    });
    expect(u("app.py", "outer.helper")).toEqual(["outer"]);
  });

  it("Rust: a const inside a fn is what its range `0..ITERS` names; Dart's cascade `b..stash(x)` stays a member", async () => {
    const rust = await usedBy({
      "src/lib.rs": "pub fn stress() -> usize {\n    const ITERS: usize = 10;\n    let mut n = 0;\n    for _ in 0..ITERS {\n        n += 1;\n    }\n    n\n}\n",
    });
    const dart = await usedBy({
      "lib/bag.dart": "class Bag {\n  void stash(int x) {}\n}\n",
      "lib/main.dart": "import 'bag.dart';\n\nvoid fill(Bag b) {\n  b..stash(1)..stash(2);\n}\n",
    });
    expect({ iters: rust("src/lib.rs", "stress.ITERS"), add: dart("lib/bag.dart", "Bag.stash") }).toEqual({ iters: ["stress"], add: ["lib/main.dart"] });
  });
});

/**
 * Python's `cls` in a classmethod is the class, as `self` is its instance: `cls._helper()` links to the
 * class's own member (multiprocessing.pool's `cls._help_stuff_finish(…)` in `Pool._terminate_pool` had
 * no link, ThreadPool declaring the name too; `cls._maintain_pool` only a name-only one).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const POOL = `class Pool:
    @staticmethod
    def _help_stuff_finish(inqueue, size):
        pass

    @classmethod
    def _maintain_pool(cls, pool):
        return len(pool)

    @classmethod
    def _terminate_pool(cls, inqueue, pool):
        cls._help_stuff_finish(inqueue, len(pool))
        cls._maintain_pool(pool)


class ThreadPool(Pool):
    @staticmethod
    def _help_stuff_finish(inqueue, size):
        inqueue.clear()
`;

describe("Python cls", () => {
  it("cls.member() in a classmethod is the class's own member, receiver-typed", async () => {
    const u = await usedBy({ "pool.py": POOL });
    expect({
      finish: u("pool.py", "Pool._help_stuff_finish"),
      maintain: u("pool.py", "Pool._maintain_pool"),
      other: u("pool.py", "ThreadPool._help_stuff_finish"),
    }).toEqual({ finish: ["Pool._terminate_pool"], maintain: ["Pool._terminate_pool"], other: [] });
  });
});

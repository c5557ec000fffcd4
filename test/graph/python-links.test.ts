/**
 * usedBy in Python code as the standard library writes it (session 48's agent tasks on multiprocessing,
 * tomllib, importlib.metadata): `cls` in a classmethod is the class (`cls._help_stuff_finish(…)` in
 * multiprocessing.pool's `Pool._terminate_pool` had no link, ThreadPool declaring the name too); a member of
 * another library's module (`itertools.starmap`, `threading.Lock()`) is no project member; a typed value's
 * field heading a chain (`out.flags.set()`) is its declared type's; a decorated definition's own name is
 * no use of a same-named function.
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

describe("Python: a member of another library's module", () => {
  it("`os.mkdir(…)`, `itertools.starmap(…)` link to no project method of that name; a project module's member still links", async () => {
    const u = await usedBy({
      "pkg/__init__.py": "",
      "pkg/pool.py": `import itertools
import os.path
from . import util
from pkg import helpers


class Pool:
    def starmap(self, func, items):
        return [func(*x) for x in items]

    def mkdir(self, path):
        return path


def starmapstar(args):
    return list(itertools.starmap(args[0], args[1]))


def make(path):
    os.mkdir(path)
    util.debug(path)
    helpers.starmap(path)
`,
      "pkg/util.py": "def debug(msg):\n    print(msg)\n",
      // (Bound by `from … import`: perhaps the project's, unresolved — its members still link by name.)
      "pkg/helpers.py": "def starmap(x):\n    return x\n",
      // (concurrent/futures copied out of its package: `from concurrent.futures import _base` resolves to no file.)
      "futures/_base.py": "class Executor:\n    def submit(self):\n        pass\n",
      "futures/thread.py": "from concurrent.futures import _base\n\n\ndef work():\n    return _base.Executor()\n",
    });
    expect({ starmap: u("pkg/pool.py", "Pool.starmap"), mkdir: u("pkg/pool.py", "Pool.mkdir"), debug: u("pkg/util.py", "debug"), helpers: u("pkg/helpers.py", "starmap"), base: u("futures/_base.py", "Executor") }).toEqual({
      starmap: [],
      mkdir: [],
      debug: ["pkg/pool.py"],
      helpers: ["pkg/pool.py"],
      base: ["futures/thread.py"],
    });
  });
});

describe("Python: a typed value's field heading a chain", () => {
  it("`out.flags.set(…)` with `out: Output` and `flags: Flags` in Output is Flags.set (tomllib's parser)", async () => {
    const u = await usedBy({
      "parser.py": `from typing import NamedTuple


class Flags:
    def set(self, key, flag):
        pass


class Other:
    def set(self, key, flag):
        pass


class Output(NamedTuple):
    flags: Flags


def create_dict_rule(out: Output, key):
    out.flags.set(key, 1)


def untyped(out, key):
    out.flags.set(key, 2)
`,
    });
    expect({ flags: u("parser.py", "Flags.set"), other: u("parser.py", "Other.set") }).toEqual({ flags: ["create_dict_rule"], other: [] });
  });
});

describe("a decorated definition's own name", () => {
  it("`@property` ⏎ `def version(self)` is no call of the module's function `version` (importlib.metadata)", async () => {
    const u = await usedBy({
      "meta.py": `def version(name):
    return distribution(name).version


def distribution(name):
    return Distribution()


class Distribution:
    @property
    def version(self):
        return "1"

    def name(self):
        return "n"
`,
    });
    expect({ fn: u("meta.py", "version"), dist: u("meta.py", "distribution") }).toEqual({ fn: [], dist: ["version"] });
  });
});

describe("Python: a member of a value is no imported module's function", () => {
  it("`self._popen.wait()` is no use of connection.wait; `connection.wait()` is", async () => {
    const u = await usedBy({
      "mp/__init__.py": "",
      "mp/connection.py": "def wait(objects, timeout=None):\n    return objects\n\n\ndef fileno(x):\n    return 1\n",
      "mp/process.py": `from . import connection


class BaseProcess:
    def fileno(self):
        return connection.fileno(self)

    def join(self, timeout=None):
        return self._popen.wait(timeout)
`,
      "mp/pool.py": `from . import connection


def drain(readers):
    return connection.wait(readers)
`,
      // (An import in a function: its module's members link still.)
      "mp/managers.py": `def start(readers):
    from . import connection
    return connection.wait(readers)
`,
    });
    expect(u("mp/connection.py", "wait").sort()).toEqual(["mp/managers.py", "mp/pool.py"]);
  });
});

describe("Python module aliases", () => {
  it("`encode = _obj.encode` is the alias's entry, used by its importers, and a use of the member it names (jwt's api_jwt.py)", async () => {
    const u = await usedBy({
      "api.py": "class PyJWT:\n    def encode(self, payload):\n        return payload\n\n\n_obj = PyJWT()\nencode = _obj.encode\n",
      "__init__.py": "from .api import PyJWT, encode\n",
    });
    expect({ alias: u("api.py", "encode"), member: u("api.py", "PyJWT.encode") }).toEqual({ alias: ["__init__.py"], member: ["encode"] });
  });
});

/**
 * Swift's access levels in the project graph (core/graph/visibility.ts): a declaration without
 * `public`/`open` is `internal`, visible to every file of its module — the project, as pilens has no
 * module map — so its uses in other files link to it; `private` and `fileprivate` ones (and the members
 * of a `private`/`fileprivate` type or extension) are their file's alone, and no other file's use links to them.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const APP: Record<string, string> = {
  "Sources/Shop/Cache.swift": `import Foundation

final class Cache {
    var hits = 0

    func store(_ key: String) {
        hits += 1
    }

    fileprivate func sweepExpired() {}

    private func evictOldest() {}

    private(set) var lastKey: String?
}

struct Entry {
    let key: String
}

protocol Loader {
    func load()
}

enum Mode {
    case fast, slow
}

func makeCache() -> Cache {
    return Cache()
}

extension Cache {
    func purgeAll() {}
}

private extension Cache {
    func drainQueue() {}
}

fileprivate func hiddenHelper() {}

private struct Secret {
    func reveal() {}
}
`,
  "Sources/Shop/App.swift": `import Foundation

final class App: Loader {
    let cache = makeCache()
    var entry: Entry?
    var mode: Mode = .fast

    func load() {
        let c: Cache = Cache()
        c.store("a")
        c.purgeAll()
        c.sweepExpired()
        c.evictOldest()
        c.drainQueue()
        print(c.lastKey ?? "")
        hiddenHelper()
        let s = Secret()
        s.reveal()
    }

    func poke() {
        // (A value of no declared type: the member by name alone.)
        let other = makeCache()
        other.sweepExpired()
        other.store("b")
    }
}
`,
};

describe("Swift: internal declarations are visible across the files of the project", () => {
  it("an internal class, struct, protocol, enum and function are used from another file", async () => {
    const u = await usedBy(APP);
    const cache = "Sources/Shop/Cache.swift";
    const app = "Sources/Shop/App.swift";
    expect({
      Cache: u(cache, "Cache"),
      Entry: u(cache, "Entry"),
      Loader: u(cache, "Loader"),
      Mode: u(cache, "Mode"),
      makeCache: u(cache, "makeCache"),
    }).toEqual({ Cache: expect.arrayContaining([app]), Entry: [app], Loader: [app], Mode: [app], makeCache: [app, app] });
    // Members of internal types and extensions: a typed value's (`c.store`), or by name (`other.store`), from App.load and App.poke.
    expect({ store: u(cache, "Cache.store"), purgeAll: u(cache, "Cache.purgeAll"), lastKey: u(cache, "Cache.lastKey") }).toEqual({ store: [app, app], purgeAll: [app], lastKey: [app] });
  });

  it("private and fileprivate declarations, and the members of a private type or extension, are their file's alone", async () => {
    const u = await usedBy(APP);
    const cache = "Sources/Shop/Cache.swift";
    expect({
      hiddenHelper: u(cache, "hiddenHelper"),
      Secret: u(cache, "Secret"),
      reveal: u(cache, "Secret.reveal"),
      sweepExpired: u(cache, "Cache.sweepExpired"),
      evictOldest: u(cache, "Cache.evictOldest"),
      drainQueue: u(cache, "Cache.drainQueue"),
    }).toEqual({ hiddenHelper: [], Secret: [], reveal: [], sweepExpired: [], evictOldest: [], drainQueue: [] });
  });

  it("a private member made internal: a build after the edit links the other file's use of it", async () => {
    const dir = tempProject(APP);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const uses = async () => (flat(await lens.moduleReport("Sources/Shop/Cache.swift", { detail: "full" })).get("Cache.evictOldest")?.usedBy ?? []).map((u) => u.file);
    expect(await uses()).toEqual([]);
    // (App.swift unchanged: only the names Cache.swift defines tell the build to link it again.)
    writeFileSync(join(dir, "Sources/Shop/Cache.swift"), APP["Sources/Shop/Cache.swift"]!.replace("private func evictOldest", "func evictOldest"));
    await lens.index();
    expect(await uses()).toEqual(["Sources/Shop/App.swift"]);
  });
});

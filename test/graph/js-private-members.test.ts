/**
 * JavaScript names a `#private` member without its `#` (as Ctags does; TypeScript keeps it): its uses,
 * `this.#prepare(opts)`, are of that member too — gaxios' dist had every `#private` method of `Gaxios`
 * used by none (`#prepareRequest`, called from `request`, among them), where the same class in
 * TypeScript had its callers.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const CLASS = [
  "export class Client {",
  "  #cache = new Map();",
  "  static #shared = null;",
  "  #prepare(opts) {",
  "    return this.#cache.get(opts) ?? opts;",
  "  }",
  "  request(opts) {",
  "    const p = this.#prepare(opts);",
  "    return Client.#shared ?? p;",
  "  }",
  "}",
  "",
].join("\n");

describe("uses of a JavaScript class's #private members", () => {
  it("a #private method's and field's uses in the class are theirs, in JavaScript as in TypeScript", async () => {
    const uses = await usedBy({ "src/client.js": CLASS, "src/client-ts.ts": CLASS });
    // TypeScript: named with the `#`.
    expect(uses("src/client-ts.ts", "Client.#prepare")).toEqual(["Client.request"]);
    expect(uses("src/client-ts.ts", "Client.#cache")).toEqual(["Client.#prepare"]);
    // JavaScript: listed without it, used the same (a user named with it: js-private-names.test.ts).
    expect(uses("src/client.js", "Client.prepare")).toEqual(["Client.request"]);
    expect(uses("src/client.js", "Client.cache")).toEqual(["Client.#prepare"]);
    // A static one, named through its class.
    expect(uses("src/client-ts.ts", "Client.#shared")).toEqual(["Client.request"]);
    expect(uses("src/client.js", "Client.shared")).toEqual(["Client.request"]);
  });
});

/**
 * C++: a use's own template arguments (cpp-specs.ts). `Hasher<lib::Key>::go(k)` and `Hasher<lib::Key> h` with a
 * specialization `template <> struct Hasher<Key>` in the project are the specialization's — they had been the
 * primary template's (or, the member after `>::`, nothing: no qualifier was read past the `>`); a use
 * writing other arguments, `Hasher<int>::go(x)`, stays the primary's. Session 52.
 */
import { describe, expect, it } from "vitest";
import type { Entry } from "../../core/types.js";
import { indexedReports, tempCache } from "./project.js";

tempCache();

describe("C++: a use writing a specialization's arguments", () => {
  it("is that specialization's, its class and its member; other arguments the primary's", async () => {
    const reports = await indexedReports({
      "hash.h": [
        "#pragma once",
        "namespace lib {",
        "template <typename T> struct Hasher {",
        "  static int go(const T& t) { return 0; }",
        "};",
        "struct Key { int v; };",
        "template <> struct Hasher<Key> {",
        "  static int go(const Key& t) { return t.v; }",
        "};",
        "}",
        "",
      ].join("\n"),
      "use.cc": [
        '#include "hash.h"',
        "",
        "int primary(int x) { return lib::Hasher<int>::go(x); }",
        "int special(const lib::Key& k) { return lib::Hasher<lib::Key>::go(k); }",
        "int local(const lib::Key& k) {",
        "  lib::Hasher< lib::Key > h;",
        "  return 0;",
        "}",
        "",
      ].join("\n"),
    });
    // (Two entries named `lib.Hasher`: each by its line, `lib.Hasher@7`, `lib.Hasher.go@8`.)
    const entries = new Map<string, Entry>();
    const walk = (es: Entry[] | undefined, p: string) => es?.forEach((x) => (entries.set(`${p}${x.name}@${x.startLine}`, x), walk(x.members, `${p}${x.name}.`)));
    walk(reports.get("hash.h")!.api, "");
    const uses = (_file: string, symbol: string) => {
      const x = entries.get(symbol);
      expect(x, symbol).toBeDefined();
      return (x!.usedBy ?? []).map((u) => `${u.file}:${u.symbol} ${u.confidence}`).sort();
    };
    expect(uses("hash.h", "lib.Hasher@3")).toEqual(["use.cc:primary import"]);
    expect(uses("hash.h", "lib.Hasher@7")).toEqual(["use.cc:local import", "use.cc:special import"]);
    expect(uses("hash.h", "lib.Hasher.go@4")).toEqual(["use.cc:primary receiver-type"]);
    expect(uses("hash.h", "lib.Hasher.go@8")).toEqual(["use.cc:special receiver-type"]);
  });

  it("arguments that are a template's own parameters name no specialization: `Clock<T>::value` beside a constrained `Clock<T>`", async () => {
    // (libstdc++'s chrono.h: `is_clock_v = is_clock<_Tp>::value` and a `requires`-constrained `struct is_clock<_Tp>`.)
    const reports = await indexedReports({
      "c.h": [
        "#pragma once",
        "namespace lib {",
        "template <typename T> struct Clock { static const bool value = false; };",
        "template <typename T>",
        "  requires requires { typename T::rep; }",
        "struct Clock<T> { static const bool value = true; };",
        "template <typename T> inline constexpr bool is_clock_v = Clock<T>::value;",
        "}",
        "",
      ].join("\n"),
    });
    const lib = reports.get("c.h")!.api.find((x) => x.name === "lib")!;
    const clocks = lib.members!.filter((x) => x.name === "Clock");
    expect(clocks.map((c) => [c.startLine, (c.usedBy ?? []).map((u) => u.symbol)])).toEqual([[3, ["lib.is_clock_v"]], [4, []]]);
    expect(clocks.map((c) => c.members!.find((m) => m.name === "value")!.usedBy?.length ?? 0)).toEqual([1, 0]);
  });
});

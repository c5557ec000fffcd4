/**
 * C++ template specializations are classes of their own: libstdc++'s `vector<bool>` (stl_bvector.h,
 * `template<typename _Alloc> class vector<bool, _Alloc>`) beside the primary `vector` (stl_vector.h), their
 * members defined out of class in one vector.tcc (`vector<_Tp, _Alloc>::_M_erase`, `vector<bool, _Alloc>::_M_erase`).
 * Keyed alike (`std.vector._M_erase`), the two classes' members had been one member: each listed the other's
 * uses (84 such links between the two headers). Now the specialization is keyed with its arguments,
 * `std.vector<bool, _Alloc>`, its members under it, a member defined out of its body too.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const FILES: Record<string, string> = {
  "bits/vec.h": `namespace std {
template<typename _Tp, typename _Alloc>
class vec {
 public:
  void erase(int i) { _M_erase(i); }
  void _M_erase(int i);
  void clear();
};
}
`,
  "bits/bvec.h": `namespace std {
template<typename _Alloc>
class vec<bool, _Alloc> {
 public:
  void erase(int i) { _M_erase(i); }
  void _M_erase(int i);
  void flip();
  void swap(vec& x) { x.flip(); }
};
}
`,
  "bits/vec.tcc": `namespace std {
template<typename _Tp, typename _Alloc>
void vec<_Tp, _Alloc>::_M_erase(int i) {}

template<typename _Tp, typename _Alloc>
void vec<_Tp, _Alloc>::clear() { _M_erase(0); }

template<typename _Alloc>
void vec<bool, _Alloc>::_M_erase(int i) {}

template<typename _Alloc>
void vec<bool, _Alloc>::flip() { _M_erase(1); }
}
`,
};

describe("C++ template specializations", () => {
  it("keep their members' uses apart from the primary template's, in the class and out of it", async () => {
    const u = await usedBy(FILES);
    expect({
      primaryDeclared: u("bits/vec.h", "std.vec._M_erase").sort(),
      boolDeclared: u("bits/bvec.h", "std.vec._M_erase").sort(),
      primaryDefined: u("bits/vec.tcc", "std._M_erase@2").sort(),
      boolDefined: u("bits/vec.tcc", "std._M_erase@8").sort(),
      primaryClass: u("bits/vec.h", "std.vec"),
      boolClass: u("bits/bvec.h", "std.vec"),
      boolFlip: u("bits/bvec.h", "std.vec.flip"),
    }).toEqual({
      // (Each class's own `erase`, and the bare call in the .tcc's definition of its own class.)
      primaryDeclared: ["bits/vec.tcc", "std.vec.erase"],
      boolDeclared: ["bits/vec.tcc", "std.vec<bool, _Alloc>.erase"],
      primaryDefined: ["bits/vec.h", "std.vec.clear"],
      boolDefined: ["bits/bvec.h", "std.vec<bool, _Alloc>.flip"],
      // (Named in the specialization's own code, `vec& x` and `x.flip()`: the specialization's.)
      primaryClass: [],
      boolClass: ["std.vec<bool, _Alloc>.swap"],
      boolFlip: ["std.vec<bool, _Alloc>.swap"],
    });
  });

  it("a use by name outside them: the primary's member where it declares one, else every specialization's (which one is unknown)", async () => {
    const u = await usedBy({
      ...FILES,
      "main.cc": `#include "bits/vec.h"\nvoid Drop(std::vec<bool, int>& v) {\n  v._M_erase(0);\n}\n`,
      "helper.h": `namespace msl {
template<typename T, int M>
class Adder;

template<typename T>
class Adder<T, 1> {
 public:
  static int Addition(T a) { return 1; }
};

template<typename T>
class Adder<T, 2> {
 public:
  static int Addition(T a) { return 2; }
};

template<typename T>
int SafeAdd(T a) {
  return Adder<T, Method<T>::value>::Addition(a);
}
}
`,
    });
    expect({
      primary: u("bits/vec.h", "std.vec._M_erase").sort(),
      primaryClass: u("bits/vec.h", "std.vec"),
      bool: u("bits/bvec.h", "std.vec._M_erase").sort(),
      one: u("helper.h", "msl.Adder.Addition@8"),
      two: u("helper.h", "msl.Adder.Addition@14"),
    }).toEqual({
      primary: ["bits/vec.tcc", "main.cc", "std.vec.erase"],
      primaryClass: ["main.cc"],
      bool: ["bits/vec.tcc", "std.vec<bool, _Alloc>.erase"],
      one: ["msl.SafeAdd"],
      two: ["msl.SafeAdd"],
    });
  });

  it("are read, outlined and suggested by their names as written, the signature saying which is the specialization", async () => {
    const dir = tempProject(FILES);
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const read = await lens.readSymbol("bits/bvec.h", "vec.erase");
    const outOfClass = await lens.readSymbol("bits/vec.tcc", "vec::flip");
    const miss = await lens.readSymbol("bits/bvec.h", "vec.erasX");
    const r = await lens.moduleReport("bits/bvec.h", { detail: "full" });
    expect({
      read: [read.found, read.startLine],
      outOfClass: [outOfClass.found, outOfClass.startLine],
      suggested: miss.found ? undefined : miss.suggestions?.[0],
      signature: r.api[0]?.members?.[0]?.signature,
    }).toEqual({ read: [true, 5], outOfClass: [true, 11], suggested: "std.vec.erase", signature: "template <typename _Alloc> class vec<bool, _Alloc>" });
  });
});

/**
 * A compact row whose head holds the name far in: a C++ out-of-class member of a class template under a
 * long `template <…>` head (libstdc++'s vector.tcc) had shown the head clipped before the name —
 * `template <typename _Tp, typename _Alloc> template <typename... _Args> void vector<_Tp, _A…` for
 * `_M_realloc_insert` —, so the row never said which method it was.
 */
import { describe, expect, it } from "vitest";
import { tsProject } from "../language-packs/ts-project.js";

const { report, lens } = await tsProject();

const TCC = `#include "stl_vector.h"

namespace std
{
  template<typename _Tp, typename _Alloc>
    template<typename... _Args>
      void
      vector<_Tp, _Alloc>::
      _M_realloc_insert(iterator __position, _Args&&... __args)
    {
      _M_check_len(1);
    }

  template<typename _Tp, typename _Alloc>
    void
    vector<_Tp, _Alloc>::
    reserve(size_type __n)
    {
      _M_check_len(__n);
    }
}
`;

describe("a row's head clipped", () => {
  it("keeps the name: it leads the row when the head would clip it off", async () => {
    const r = await report("vector.tcc", TCC);
    const compact = lens.render(r, "compact", { detail: "full" });
    const row = compact.split("\n").find((l) => /^\s*5-12\s/.test(l));
    expect(row, compact).toBeDefined();
    expect(row).toMatch(/\b_M_realloc_insert\b/);
    // (A head short enough to hold the name is shown as it was: the name where the head has it.)
    const short = compact.split("\n").find((l) => /^\s*14-20\s/.test(l));
    expect(short).toMatch(/method\s+template <typename _Tp, typename _Alloc> void vector<_Tp, _Alloc>:: ?reserve\(size_type __n\)/);
  });
});

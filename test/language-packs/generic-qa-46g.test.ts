/**
 * QA 46g: the generic pack on code none of the earlier rounds used — Tesla-style Elixir, OpenZeppelin
 * Solidity, magit/dash Emacs Lisp, zigar's Zig, ocaml-re — real parses of inline sources.
 */
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, rows } from "../helpers.js";

describe("elixir", () => {
  it("a nested module's `@moduledoc false` hides that module only, not the public one around it", async () => {
    const r = await inline("cart.ex", [
      "defmodule Shop.Cart do",
      '  @moduledoc "A cart."',
      "  def add(cart, item), do: [item | cart]",
      "",
      "  defmodule Error do",
      "    @moduledoc false",
      "    defexception [:message]",
      "  end",
      "end",
      "",
      "defmodule Shop.Hidden do",
      "  @moduledoc false",
      "  def x, do: 1",
      "end",
      "",
    ].join("\n"));
    expect(get(r, "Shop.Cart").exported).toBe(true);
    expect(get(r, "Shop.Cart.add").exported).toBe(true);
    expect(get(r, "Shop.Cart.Error").exported).toBe(false);
    expect(get(r, "Shop.Hidden").exported).toBe(false);
    expect(get(r, "Shop.Hidden.x").exported).toBe(false);
  });
});

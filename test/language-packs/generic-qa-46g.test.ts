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

const syntaxErrors = (r: { warnings?: string[] }) => r.warnings?.filter((w) => /syntax error/.test(w)) ?? [];

describe("solidity (OpenZeppelin 5)", () => {
  const erc20 = [
    "// SPDX-License-Identifier: MIT",
    "pragma solidity ^0.8.20;",
    "",
    'import {IERC20} from "./IERC20.sol";',
    'import "@openzeppelin/contracts/utils/Context.sol";',
    "",
    "/**",
    " * @dev Implementation of the {IERC20} interface.",
    " *",
    " * This implementation is agnostic to the way tokens are created.",
    " */",
    "abstract contract ERC20 is IERC20 {",
    "    mapping(address account => uint256) private _balances;",
    "",
    "    mapping(address account => mapping(address spender => uint256 amount)) private _allowances;",
    "",
    "    uint256 transient private _lock;",
    "",
    "    /**",
    "     * @dev Sets the values for {name} and {symbol}.",
    "     */",
    "    constructor(string memory name_) {",
    "        uint256 i = 0;",
    "    }",
    "",
    "    /// @notice Returns the name of the token.",
    "    /// @dev Reads storage.",
    "    /// @return the name",
    "    function name() public view virtual returns (string memory) {",
    '        return "x";',
    "    }",
    "",
    "    /// @inheritdoc IERC20",
    "    function totalSupply() public view virtual returns (uint256) {",
    "        return 0;",
    "    }",
    "",
    "    receive() external payable {}",
    "",
    "    fallback() external {}",
    "}",
    "",
    "using {eq as ==} for ERC20 global;",
    "",
    "function eq(ERC20 a, ERC20 b) pure returns (bool) {",
    "    return address(a) == address(b);",
    "}",
    "",
  ].join("\n");

  it("constructor, receive and fallback are entries, named by their keyword; a constructor's locals are not members", async () => {
    const r = await inline("ERC20.sol", erc20);
    expect(rows(r)).toEqual([
      "class ERC20 12-41",
      "property ERC20._balances 13-13",
      "property ERC20._allowances 15-15",
      "property ERC20._lock 17-17",
      "constructor ERC20.constructor 22-24",
      "method ERC20.name 29-31",
      "method ERC20.totalSupply 34-36",
      "method ERC20.receive 38-38",
      "method ERC20.fallback 40-40",
      "function eq 45-47",
    ]);
    expect(get(r, "ERC20.constructor").signature).toBe("constructor(string memory name_)");
    expect(get(r, "ERC20.receive").exported).toBe(true);
  });

  it("named mapping parameters, file-level `using … global` and `transient` parse without syntax errors (masked; heads keep the real text)", async () => {
    const r = await inline("ERC20.sol", erc20);
    expect(syntaxErrors(r)).toEqual([]);
    expect(get(r, "ERC20._allowances").signature).toBe("mapping(address account => mapping(address spender => uint256 amount)) private _allowances");
    expect(get(r, "ERC20._lock").signature).toBe("uint256 transient private _lock");
  });

  it("NatSpec: `@dev`, `@notice`, `@title` text is the doc (`@notice` first); `@inheritdoc` is no doc of its own", async () => {
    const r = await inline("ERC20.sol", erc20);
    expect(get(r, "ERC20").doc).toBe("Implementation of the {IERC20} interface.");
    expect(get(r, "ERC20.constructor").doc).toBe("Sets the values for {name} and {symbol}.");
    expect(get(r, "ERC20.name").doc).toBe("Returns the name of the token.");
    expect(get(r, "ERC20.totalSupply").doc).toBeUndefined();
  });

  it("imports: `import` directives, relative paths internal", async () => {
    const r = await inline("ERC20.sol", erc20);
    expect(r.imports).toEqual({ external: ["@openzeppelin/contracts/utils/Context.sol"], internal: ["./IERC20.sol"] });
    expect(r.provenance.imports).toBe("tree-sitter (generic pack)");
  });
});

describe("emacs lisp (magit 3.3, dash, s)", () => {
  const src = [
    ";;; magit-push.el --- push",
    "(require 'magit)",
    "",
    "(defvar symbol-overlay-inhibit-map)",
    "",
    "(define-minor-mode magit-wip-mode",
    '  "Save uncommitted changes to work-in-progress refs."',
    '  :lighter " Wip")',
    "",
    '(define-derived-mode magit-section-mode special-mode "Magit-Sections"',
    '  "Parent major mode from which Magit major modes inherit."',
    "  (buffer-disable-undo))",
    "",
    "(defclass magit-section ()",
    "  ((keymap :initform nil))",
    '  "A section of a Magit buffer."',
    "  :abstract t)",
    "",
    "(cl-defmethod magit-section-ident-value :around ((obj magit-section))",
    '  "Identify a section by its type."',
    "  (cl-call-next-method))",
    "",
    "(cl-defstruct (magit-rev (:constructor magit-rev-new))",
    '  "A revision."',
    "  hash)",
    "",
    ";;;###autoload (autoload 'magit-push \"magit-push\" nil t)",
    "(transient-define-prefix magit-push ()",
    '  "Push to another repository."',
    '  ["Arguments" ("-f" "Force" "--force")])',
    "",
    "(transient-define-suffix magit-push-current (target args)",
    '  "Push the current branch to a branch read in the minibuffer."',
    "  (interactive))",
    "",
    "(define-error 'magit-outside-git-repo \"Not inside Git repository\")",
    "",
    "(define-obsolete-function-alias 'magit-status-internal 'magit-status-setup-buffer \"3.0\")",
    "",
    "(defun s-chomp (s)",
    '  "Remove one trailing `\\\\n`, `\\\\r` or `\\\\r\\\\n` from S."',
    "  s)",
    "",
  ].join("\n");

  it("defclass, define-error, transient commands and obsolete aliases are entries; `(defvar x)` alone declares another file's variable", async () => {
    const r = await inline("magit-push.el", src);
    expect(rows(r)).toEqual([
      "function magit-wip-mode 6-8",
      "function magit-section-mode 10-12",
      "class magit-section 14-17",
      "function magit-section-ident-value 19-21",
      "struct magit-rev 23-25",
      "function magit-push 28-30",
      "function magit-push-current 32-34",
      "type magit-outside-git-repo 36-36",
      "function magit-status-internal 38-38",
      "function s-chomp 40-42",
    ]);
  });

  it("the docstring where each definer puts it: a mode's after its name, a derived mode's after its lighter, a class's after its slots", async () => {
    const r = await inline("magit-push.el", src);
    expect(get(r, "magit-wip-mode").doc).toBe("Save uncommitted changes to work-in-progress refs.");
    expect(get(r, "magit-section-mode").doc).toBe("Parent major mode from which Magit major modes inherit.");
    expect(get(r, "magit-section").doc).toBe("A section of a Magit buffer.");
    expect(get(r, "magit-section-ident-value").doc).toBe("Identify a section by its type.");
    expect(get(r, "magit-rev").doc).toBe("A revision.");
    expect(get(r, "magit-push").doc).toBe("Push to another repository.");
    expect(get(r, "s-chomp").doc).toBe("Remove one trailing `\\n`, `\\r` or `\\r\\n` from S.");
  });
});

describe("zig (zigar)", () => {
  const src = [
    'const std = @import("std");',
    'const meta = @import("meta.zig");',
    "",
    "var exec_da: std.heap.DebugAllocator(.{}) = .{",
    "    .backing_allocator = undefined,",
    "};",
    "const defaults: Options = .{ .a = 1 };",
    "",
    "/// A growable list of T.",
    "pub fn List(comptime T: type) type {",
    "    return struct {",
    "        items: []T,",
    "        const Self = @This();",
    "",
    "        pub fn append(self: *Self, x: T) void {",
    "            const n = self.items.len;",
    "            _ = n;",
    "            _ = x;",
    "        }",
    "    };",
    "}",
    "",
    "fn helper() void {",
    "    const local = struct { a: u8 };",
    "    _ = local;",
    "}",
    "",
  ].join("\n");

  it("a generic type's members (`fn List(comptime T: type) type { return struct {…} }`) are the function's entries; its locals are not", async () => {
    const r = await inline("list.zig", src);
    expect(rows(r)).toEqual([
      "constant std 1-1",
      "constant meta 2-2",
      "variable exec_da 4-6",
      "constant defaults 7-7",
      "function List 10-21",
      "field List.items 12-12",
      "constant List.Self 13-13",
      "method List.append 15-19",
      "function helper 23-26",
    ]);
    expect(get(r, "List").exported).toBe(true);
    expect(get(r, "List.append").exported).toBe(true);
    expect(get(r, "List.Self").exported).toBe(false);
  });

  it("a binding to an anonymous literal `.{…}` is a variable or constant, not a struct; its head stops before the literal", async () => {
    const r = await inline("list.zig", src);
    expect(get(r, "exec_da").signature).toBe("var exec_da: std.heap.DebugAllocator(.{})");
  });

  it("imports: `@import` — a package external, a .zig file internal", async () => {
    const r = await inline("list.zig", src);
    expect(r.imports).toEqual({ external: ["std"], internal: ["meta.zig"] });
  });
});

describe("scala (tree-sitter-scala 0.24)", () => {
  it("Scala 2 as written today parses: `0L`, `sealed`, `private[this]`, block arguments (`xs.map { v => … }`) kept the class open", async () => {
    const r = await inline("Cache.scala", [
      "package com.example.cache",
      "",
      "import scala.collection.mutable",
      "import scala.concurrent.{ExecutionContext, Future}",
      "",
      "/** A bounded LRU cache. */",
      "final class LruCache[K, V](val capacity: Int) extends Cache[K, V] {",
      "  private[this] var hits: Long = 0L",
      "  override def get(key: K): Option[V] = synchronized {",
      "    entries.remove(key).map { v => hits += 1; v }",
      "  }",
      "  def put(key: K, value: V): Unit = entries.put(key, value)",
      "}",
      "",
      "sealed trait Event",
      "case object Miss extends Event",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual([
      "class LruCache 7-13",
      "variable LruCache.hits 8-8",
      "method LruCache.get 9-11",
      "method LruCache.put 12-12",
      "trait Event 15-15",
      "object Miss 16-16",
    ]);
    expect(get(r, "LruCache.hits").exported).toBe(false);
    expect(get(r, "LruCache").doc).toBe("A bounded LRU cache.");
    expect(r.imports.external).toEqual(["scala.collection.mutable", "scala.concurrent"]);
  });

  it("Scala 3: enums and their cases, named givens, indentation-based bodies that end on their own last line", async () => {
    const r = await inline("Shapes.scala", [
      "package shapes",
      "",
      "/** A shape. */",
      "enum Shape:",
      "  case Circle(r: Double)",
      "  case Unit",
      "",
      "  def area: Double = this match",
      "    case Circle(r) => r * r",
      "    case Unit => 0",
      "",
      "given defaultShape: Shape = Shape.Unit",
      "",
      "class Canvas(using ord: Ordering[Shape]):",
      "  private var shapes: List[Shape] = Nil",
      "  def add(s: Shape): Unit =",
      "    shapes = s :: shapes",
      "",
      "  def size: Int = shapes.size",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual([
      "enum Shape 4-10",
      "class Shape.Circle 5-5",
      "constant Shape.Unit 6-6",
      "method Shape.area 8-10",
      "object defaultShape 12-12",
      "class Canvas 14-19",
      "variable Canvas.shapes 15-15",
      "method Canvas.add 16-17",
      "method Canvas.size 19-19",
    ]);
    expect(get(r, "Shape").doc).toBe("A shape.");
  });
});

describe("scala: the 0.24 grammar's own gaps", () => {
  const stack = [
    "/** A stack. */",
    "class Stack[A] private (var elems: List[A])",
    "extends AbstractSeq[A]",
    "   with Serializable",
    "{",
    "  def top: A =",
    "    elems.head",
    "",
    "  /** Removes the top element from the stack. */",
    "  def pop(): A = {",
    "    val res = elems.head",
    "    res",
    "  }",
    "}",
    "",
  ].join("\n");

  it("a Scala 2 body brace on its own line after a long head is the class's body (the grammar reads it as a block after the class)", async () => {
    const r = await inline("Stack.scala", stack);
    expect(rows(r)).toEqual(["class Stack 2-14", "method Stack.top 6-7", "method Stack.pop 10-13"]);
  });

  it("a doc comment the grammar puts inside the indented body before it is the next definition's doc, and not the body's lines", async () => {
    const r = await inline("Stack.scala", stack);
    expect(get(r, "Stack.pop").doc).toBe("Removes the top element from the stack.");
    expect(get(r, "Stack.top").endLine).toBe(7);
  });
});

describe("ocaml", () => {
  it("a record field's comment follows it: each field keeps its own doc, none takes the one above it (ocaml-re's core.ml: every field doc was shifted by one)", async () => {
    const r = await inline("core.ml", [
      "type state =", // 1
      "  { idx : int;",
      "    (* Index of the current position. *)",
      "    real_idx : int;", // 4
      "    (* The real index. *)",
      "    desc : string", // 6
      "    (* Description of this state. *) }",
      "",
      "type t = {",
      "  a : int; (** doc of a *)", // 10
      "  b : string; (** doc of b *)",
      "}",
      "",
    ].join("\n"));
    expect([get(r, "state.idx").doc, get(r, "state.real_idx").doc, get(r, "state.desc").doc]).toEqual(["Index of the current position.", "The real index.", "Description of this state."]);
    expect([get(r, "t.a").doc, get(r, "t.b").doc]).toEqual(["doc of a", "doc of b"]);
  });
});

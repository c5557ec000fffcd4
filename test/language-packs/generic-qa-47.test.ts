/**
 * Session 47, helper 3: the generic pack's leftovers of QA 46g — Bash scripts the bundled grammar read as
 * syntax errors (Debian's /usr/bin scripts and bash-completion files), PHP's `use` imports, Ruby's
 * `class Thor::Group` read by its qualified name — real parses of inline sources.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineReport as inline, lensAt, rows, syntaxNotes } from "../helpers.js";

describe("bash: valid shell the grammar misreads (generic/bash.ts repairBash)", () => {
  // Each construct as written in a Debian script, then a function: before the repair the construct was an
  // error region (often to the end of the file, the function lost with it).
  const cases: [string, string[]][] = [
    ["`for i do` (gzexe, ldd, znew)", ["for i do", '  echo "$i"', "done"]],
    ["a literal `$` in backticks (pygmentize: `sed s/:$//`)", ["STYLES=`pygmentize -L styles | sed s/:$//`"]],
    ["`\\(` … `\\)` in a test (dpkg-maintscript-helper)", ['if [ "$a" = x -o \\( -h "$p" -a -d "$p" \\) ]; then', "  :", "fi"]],
    ["`~` alone in a test (gpgrt-config)", ['if [ "$c" = ~ -o "$d" = ~ ]; then', "  :", "fi"]],
    ["`done }` (systemd-analyze)", ["list() { while read -r a b; do echo \" $a\"; done }"]],
    ["a quoted space in a case pattern (zless)", ["case $v in", "less' '45[1-9]* | \\", "less' '4[6-9][0-9]*)", "  s='|';;", "esac"]],
    ["a backtick opening with a blank after an earlier one (zipgrep)", ['opt=`echo "$opt" | sed -e \'s/-//g\'`', 'pat=` echo "$pat" | \\', " sed -e 's/a/b/g' `"]],
    ["extglobs in `[[ ]]`, quoted and over lines (perf)", ['comp() {', '\tif [[ $p == @("-e"|"--event") ]]; then', "\t\tx", "\telif [[ $q == @(kvm|sched|", "\t\t\t|data|trace) ]]; then", "\t\ty", "\tfi", "}"]],
    ['`[ "$OP" "$L" ]` (jetty.sh)', ["find_dir() {", "  local L OP=$1", '  for L in "$@"; do', '    [ "$OP" "$L" ] || continue', "    break", "  done", "}"]],
    ["a here-document with no command (git's pre-rebase hook)", ["<<\\DOC_END", "This hook (1) ... if a topic branch has been merged.", "DOC_END"]],
    ["POD in a here-document, `: <<=cut` (postgresql-common)", [": <<=cut", "=head1 NAME", "", "B<pg_getwal> - fetch (a WAL file)", "", "=cut"]],
  ];
  it.each(cases)("%s", async (_what, lines) => {
    const src = ["#!/bin/sh", ...lines, "", "after() {", "  echo done", "}", ""].join("\n");
    const r = await inline("s.sh", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    const at = lines.length + 3;
    expect(rows(r)).toContain(`function after ${at}-${at + 2}`);
  });

  it("reads the real source: names and heads are not the masked text", async () => {
    const r = await inline("t.sh", ["#!/bin/sh", "for f do", "  x=`echo $f | sed s/:$//`", "done", "", "strip_colon() { sed 's/:$//'; }", ""].join("\n"));
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["function strip_colon 6-6"]);
    expect(r.api[0]?.signature).toContain("strip_colon()");
  });
});

describe("php: use imports (generic/php.ts phpImports)", () => {
  it("a grouped `use` by each name it imports; a global function's or constant's `use` is no dependency", async () => {
    const r = await inline("Setup.php", [
      "<?php",
      "namespace App;",
      "",
      "use Doctrine\\ORM\\EntityManager;",
      "use function Foo\\helper;",
      "use function sprintf;",
      "use const PHP_EOL;",
      "use const Foo\\VERSION;",
      "use Symfony\\Component\\{Cache\\ArrayAdapter, Console\\Command as Cmd};",
      "use Lib\\{function render, const LEVEL};",
      "use LogicException;",
      "",
      "final class Setup {}",
      "",
    ].join("\n"));
    expect(r.imports.external).toEqual([
      "Doctrine\\ORM\\EntityManager",
      "Foo\\helper",
      "Foo\\VERSION",
      "Symfony\\Component\\Cache\\ArrayAdapter",
      "Symfony\\Component\\Console\\Command",
      "Lib\\render",
      "Lib\\LEVEL",
      "LogicException",
    ]);
  });
});

describe("php: a member read as a stack trace or the code names it (core/read-choices.ts phpForm)", () => {
  it("`Class->method()`, `Class::$prop`, a namespace-qualified class — only by a namespace the file declares", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-php-read-"));
    const stmt = ["<?php", "namespace App\\Models;", "", "class User", "{", "    protected static ?string $table = 'users';", "", "    public function save(): bool", "    {", "        return true;", "    }", "}", ""].join("\n");
    const braced = ["<?php", "namespace Shop\\Cart {", "    class Basket {", "        public function total(): int { return 1; }", "    }", "}", ""].join("\n");
    writeFileSync(join(dir, "User.php"), stmt);
    writeFileSync(join(dir, "Basket.php"), braced);
    const lens = await lensAt(dir);
    const lines = async (file: string, q: string) => {
      const r = await lens.readSymbol(join(dir, file), q);
      return r.found ? `${r.name} ${r.startLine}-${r.endLine}` : `miss: ${r.suggestions?.join(", ") ?? r.error ?? ""}`;
    };
    expect(await lines("User.php", "User->save")).toBe("User.save 8-11");
    expect(await lines("User.php", "App\\Models\\User->save()")).toBe("User.save 8-11");
    expect(await lines("User.php", "\\app\\models\\User::save")).toBe("User.save 8-11");
    expect(await lines("User.php", "User::$table")).toBe("User.table 6-6");
    expect(await lines("User.php", "App\\Models\\User")).toBe("User 4-12");
    expect(await lines("Basket.php", "Shop\\Cart\\Basket->total()")).toBe("Shop\\Cart.Basket.total 4-4");
    // Another namespace's class of the name is not this file's: a miss, the member suggested.
    expect(await lines("User.php", "Billing\\User::save")).toMatch(/^miss: User\.save/);
  });
});

describe("ruby: a class or module named through its scope (`class Thor::Group`)", () => {
  const src = [
    "require_relative \"base\"",
    "",
    "class Thor::Group",
    "  class << self",
    "    # The description for this Thor::Group.",
    "    def desc(description = nil)",
    "      @desc = description",
    "    end",
    "  end",
    "",
    "  def self.start(argv)",
    "    new(argv).invoke_all",
    "  end",
    "",
    "  def invoke_all",
    "    :ok",
    "  end",
    "end",
    "",
    "module Outer::Deep::Mod",
    "  def self.z; end",
    "end",
    "",
  ].join("\n");

  it("reads its members by the qualified name as Ruby writes it, and by the short one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-rb-"));
    writeFileSync(join(dir, "group.rb"), src);
    const lens = await lensAt(dir);
    const lines = async (q: string) => {
      const r = await lens.readSymbol(join(dir, "group.rb"), q);
      return r.found ? `${r.startLine}-${r.endLine}` : `miss: ${r.error ?? r.note ?? ""}`;
    };
    expect(await lines("Thor::Group.desc")).toBe("5-8");
    expect(await lines("Thor::Group::desc")).toBe("5-8");
    expect(await lines("Group.desc")).toBe("5-8");
    expect(await lines("Thor::Group.start")).toBe("11-13");
    expect(await lines("Thor::Group#invoke_all")).toBe("15-17");
    expect(await lines("Thor::Group")).toBe("3-18");
    expect(await lines("Outer::Deep::Mod.z")).toBe("21-21");
    expect(await lines("Deep::Mod.z")).toBe("21-21");
  });

  it("keeps the name ctags gives it, its owner said as written", async () => {
    const r = await inline("group.rb", src);
    expect(rows(r)).toEqual(expect.arrayContaining(["class Group 3-18", "method Group.desc 6-8", "module Mod 20-22"]));
    expect([...r.api, ...r.internal].find((e) => e.name === "Mod")?.owner).toBe("Outer::Deep");
  });
});

describe("scala 3: anonymous givens, extensions, end markers (generic/scala.ts)", () => {
  const src = [
    "package demo",
    "",
    "trait Ord[T]:",
    "  def compare(a: T, b: T): Int",
    "",
    "/** Integers ordered. */",
    "given Ord[Int] with",
    "  def compare(a: Int, b: Int): Int = a - b",
    "",
    "given [T](using ord: Ord[T]): Ord[List[T]] with",
    "  def compare(a: List[T], b: List[T]): Int = 0",
    "end given",
    "",
    "given scala.math.Ordering[Double] = Ordering.Double.TotalOrdering",
    "",
    "object Syntax:",
    "  /** Circle helpers. */",
    "  extension (c: Circle)",
    "    def area: Double = c.radius * c.radius",
    "",
    "  extension [T](xs: List[T]) def second: T = xs.tail.head",
    "",
    "  def helper(x: Int): Int =",
    "    x + 1",
    "  end helper",
    "end Syntax",
    "",
    "class Circle(val radius: Double):",
    "  def scale(k: Double): Circle =",
    "    Circle(radius * k)",
    "  end scale",
    "end Circle",
    "",
  ].join("\n");

  it("an anonymous given is an object named as Scala 3 names it, holding its methods", async () => {
    const r = await inline("Syntax.scala", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    const all = rows(r);
    expect(all).toEqual(expect.arrayContaining([
      "object given_Ord_Int 7-8",
      "method given_Ord_Int.compare 8-8",
      "object given_Ord_List 10-12",
      "method given_Ord_List.compare 11-11",
      "object given_Ordering_Double 14-14",
    ]));
    expect(all.filter((x) => / compare /.test(x))).toEqual([]); // (no `compare` at the top level)
    expect(flatDoc(r, "given_Ord_Int")).toBe("Integers ordered.");
    expect(flatDoc(r, "Ord")).toBeUndefined();
    expect(all).toContain("trait Ord 3-4"); // (the next definition's doc comment is not the trait's)
  });

  it("an extension's methods stay members of the scope around it (their path), their head says the receiver", async () => {
    const r = await inline("Syntax.scala", src);
    const syntax = [...r.api, ...r.internal].find((e) => e.name === "Syntax")!;
    expect(syntax.members?.map((m) => `${m.name}: ${m.signature}`)).toEqual([
      "area: extension (c: Circle) def area: Double",
      "second: extension [T](xs: List[T]) def second: T",
      "helper: def helper(x: Int): Int",
    ]);
  });

  it("an `end X` marker is the last line of X", async () => {
    const r = await inline("Syntax.scala", src);
    expect(rows(r)).toEqual(expect.arrayContaining(["object Syntax 16-26", "method Syntax.helper 23-25", "class Circle 28-32", "method Circle.scale 29-31"]));
  });
});

describe("scala: a body ending in a match (NamedTuple.scala's `inline def apply … match`)", () => {
  it("ends at its last case; the doc comment the grammar put in that case is the next definition's", async () => {
    const r = await inline("Tuple.scala", [
      "object NamedTuple:",
      "  extension (x: Int)",
      "    /** The value at index `n`. */",
      "    inline def apply(n: Int): Int =",
      "      inline n match",
      "        case 0 => x",
      "        case _ => 0",
      "",
      "    /** The first element value. */",
      "    inline def head: Int = apply(0)",
      "",
      "  def f(x: Int) = x match",
      "    case 1 => 2",
      "",
      "  /** G's doc. */",
      "  def g = 1",
      "",
    ].join("\n"));
    expect(rows(r)).toEqual(["object NamedTuple 1-16", "method NamedTuple.apply 4-7", "method NamedTuple.head 10-10", "method NamedTuple.f 12-13", "method NamedTuple.g 16-16"]);
    const members = [...r.api, ...r.internal][0]!.members!;
    expect(members.map((m) => m.doc)).toEqual(["The value at index `n`.", "The first element value.", undefined, "G's doc."]);
  });
});

describe("elixir: a multi-clause function is one entry (generic/elixir.ts mergeClauses)", () => {
  const src = [
    "defmodule Shop.Cart do",
    "  @doc \"Starts the cart process.\"",
    "  def start_link(opts \\\\ []), do: GenServer.start_link(__MODULE__, opts)",
    "",
    "  @doc \"Adds an item.\"",
    "  @spec add(pid(), term()) :: :ok | {:error, atom()}",
    "  def add(cart, %Item{} = item) when is_pid(cart) do",
    "    GenServer.call(cart, {:add, item})",
    "  end",
    "",
    "  def add(_cart, _other), do: {:error, :not_an_item}",
    "",
    "  def add(cart), do: add(cart, nil)",
    "",
    "  defp retry(env, _delay, 0), do: env",
    "  defp retry(env, delay, n) do",
    "    retry(env, delay, n - 1)",
    "  end",
    "end",
    "",
  ].join("\n");

  it("spans its clauses, with the first clause's head and @doc; another arity is another function", async () => {
    const r = await inline("shop.ex", src);
    expect(rows(r)).toEqual([
      "module Shop.Cart 1-19",
      "function Shop.Cart.start_link 3-3",
      "function Shop.Cart.add 7-11",
      "function Shop.Cart.add 13-13",
      "function Shop.Cart.retry 15-18",
    ]);
    const add = [...r.api, ...r.internal][0]!.members!.find((m) => m.name === "add")!;
    expect(add.doc).toBe("Adds an item.");
    expect(add.signature).toBe("def add(cart, %Item{} = item) when is_pid(cart)");
  });

  it("is read whole by name/arity (a default parameter's shorter arity too)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-ex-"));
    writeFileSync(join(dir, "shop.ex"), src);
    const lens = await lensAt(dir);
    const lines = async (q: string) => {
      const r = await lens.readSymbol(join(dir, "shop.ex"), q);
      return r.found ? `${r.startLine}-${r.endLine}` : "miss";
    };
    expect(await lines("add/2")).toBe("5-11");
    expect(await lines("Shop.Cart.add/1")).toBe("13-13");
    expect(await lines("retry/3")).toBe("15-18");
    expect(await lines("start_link/0")).toBe("2-3");
    expect(await lines("start_link/1")).toBe("2-3");
    expect(await lines("add/3")).toBe("miss");
  });
});

function flatDoc(r: { api: { name: string; doc?: string }[]; internal: { name: string; doc?: string }[] }, name: string): string | undefined {
  return [...r.api, ...r.internal].find((e) => e.name === name)?.doc;
}

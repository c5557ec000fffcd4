/**
 * Session 53, helper 5: pack leftovers — Kotlin code the bundled grammar reads as errors (QA 45k's 17 of
 * 1,528 files with a syntax-error warning), PHP 8.1 enums with constants, C#'s `file` after a comment,
 * Swift's `nonmutating set`, Ruby's `public :name`. Real parses of inline sources.
 */
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, rows, syntaxNotes } from "../helpers.js";

describe("kotlin: an assignment to a call result's member or element (kotlin/call-assignments.ts)", () => {
  // expo-image-picker's ExpoCropImageActivity.kt, cut down: `findItem(…).icon = …` in a long class.
  const src = [
    "package p",
    "",
    "class Crop : Activity() {",
    "  private fun Menu.setItems() {",
    "    findItem(R.id.crop).icon = cropIcon",
    "    if (allow) {",
    "      findItem(R.id.rotate).isVisible = true",
    "    }",
    "    findViewById<View>(R.id.container)?.fitsSystemWindows = false",
    "    observers.getOrPut(tag) { mutableMapOf() }[owner] = block",
    "    rootView.getChildAt(i).visibility += 1",
    "    findItem(R.id.title).title =",
    "      options.title",
    "  }",
    "",
    "  override fun onPrepare(menu: Menu): Boolean {",
    "    return true",
    "  }",
    "",
    "  private data class Colors(val night: Boolean)",
    "}",
    "",
  ].join("\n");

  it("parses: the class keeps its members (they had been top-level functions past the first such line)", async () => {
    const r = await inline("Crop.kt", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "class Crop 3-21",
      "method Crop.setItems 4-14",
      "method Crop.onPrepare 16-18",
      "class Crop.Colors 20-20",
      "property Crop.Colors.night 20-20",
    ]);
    // records read the real source
    expect(get(r, "Crop.setItems").signature).toBe("private fun Menu.setItems()");
  });
});

describe("kotlin: a modifier keyword used as a name (kotlin/soft-keywords.ts)", () => {
  it("`{ annotation -> annotation.x }`, `{ override -> override.y }`, `override(w, h)` parse; callbacks keep the names as written", async () => {
    const src = [
      "package p",
      "",
      "class Helper {",
      "  fun field(kClass: KClass<*>) = kClass.annotations.firstOrNull { annotation -> annotation.jClass == Field::class.java }",
      "  fun apply(current: Override?) {",
      "    current?.let { override ->",
      "      override.tracks.firstOrNull()?.let { select(it) }",
      "    }",
      "    options.customize(true) {",
      "      override(width, height)",
      "    }",
      "  }",
      "  fun after() = 1",
      "}",
      "",
    ].join("\n");
    const r = await inline("Helper.kt", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(["class Helper 3-14", "method Helper.field 4-4", "method Helper.apply 5-12", "method Helper.after 13-13"]);
    expect(r.callbacks.map((c) => c.name)).toContain("override.tracks.firstOrNull()?.let@7");
  });
});

describe("kotlin: `!isX ->`, trailing commas, `as?` opening a line, a nested receiver type (kotlin/expression-gaps.ts)", () => {
  const cases: Array<[string, string[]]> = [
    // react-native-permissions: the `!is` type test to the lexer
    ["when condition `!isX(…) ->`", ["  fun check(p: String) = when {", "    !isAvailable(p) -> 1", "    !inRange(p) -> 2", "    else -> 3", "  }"]],
    // react-native-screens: an annotation's array with a trailing comma
    ["trailing comma before `]`", ["  @ReactModuleList(", "    nativeModules = [", "      ScreensModule::class,", "    ],", "  )", "  fun check() = 1"]],
    // stripe-react-native: a lambda's parameters with a trailing comma
    ["trailing comma before a lambda's `->`", ["  val cb = {", "    method: Method,", "    details: Details,", "    ->", "    go(method, details)", "  }"]],
    // react-native-screens: `as?` opening a continuation line
    ["`as?` opening a line", ["  fun activity() {", "    val a =", "      (screen.context as? ReactContext)?.currentActivity", "        as? BackOwner", "    a?.back()", "  }"]],
    // expo-modules-core: a function type whose receiver is a nested type
    ["a nested type as a function type's receiver", ["  fun format(builder: Formatter.Builder<T>.() -> Unit) = builder", "  fun plain(block: Outer.Inner.() -> Unit) = block"]],
  ];
  for (const [what, body] of cases) {
    it(`${what}: parses, the class keeps what follows`, async () => {
      const src = ["package p", "", "class Host<T> {", ...body, "  fun after() = 0", "}", ""].join("\n");
      const r = await inline("Host.kt", src);
      expect(syntaxNotes(r.warnings)).toEqual([]);
      const end = 3 + body.length + 2;
      expect(rows(r)[0]).toBe(`class Host 3-${end}`);
      expect(get(r, "Host.after").startLine).toBe(end - 1);
    });
  }

  it("a receiver type reads the real source in the signature", async () => {
    const r = await inline("F.kt", "package p\n\nfun format(builder: Formatter.Builder<T>.() -> Unit) = builder\n");
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(get(r, "format").signature).toBe("fun format(builder: Formatter.Builder<T>.() -> Unit)");
  });
});

describe("kotlin: a run of annotations whose last the grammar parks before the type (kotlin/index.ts, annotation-runs.ts)", () => {
  it("the masked annotations are the type's decorators again, its range and doc from the first, also when a modifier follows the last", async () => {
    const src = [
      "package p",
      "",
      "fun before() = 1",
      "",
      "/** Marks screens that need a user. */",
      "@Target(AnnotationTarget.CLASS)",
      "@Retention(AnnotationRetention.RUNTIME)",
      "annotation class RequiresLogin(val redirect: String = \"/login\")",
      "",
      "@Suppress(\"x\")",
      "@OptIn(P::class)",
      "internal object Mapper {",
      "  fun map() = 1",
      "}",
      "",
    ].join("\n");
    const r = await inline("Ann.kt", src);
    const login = get(r, "RequiresLogin");
    expect([login.startLine, login.decorators, login.doc]).toEqual([6, ["@Target(AnnotationTarget.CLASS)", "@Retention(AnnotationRetention.RUNTIME)"], "Marks screens that need a user."]);
    const mapper = get(r, "Mapper");
    expect([mapper.startLine, mapper.decorators]).toEqual([10, ['@Suppress("x")', "@OptIn(P::class)"]]);
    expect(get(r, "Mapper.map").kind).toBe("method");
  });
});

describe("php: an 8.1 enum's constants and expression-valued cases (generic/php-enums.ts)", () => {
  const src = [
    "<?php",
    "namespace App\\Enums;",
    "",
    "enum Level: int implements HasLabel",
    "{",
    "    use Describes;",
    "",
    "    case Guest = 0;",
    "    case Admin = 1 << 4;",
    "    case Owner = self::Admin->value | 1;",
    "",
    "    /** The level new accounts get. */",
    "    public const DEFAULT = self::Guest;",
    "    private const SECRET = 'x; {y}';",
    "    #[Deprecated]",
    "    final public const LEGACY = [",
    "        'admin' => self::Admin, // the old name",
    "    ];",
    "",
    "    public function label(): string",
    "    {",
    "        return match ($this) { self::Guest => 'Guest', default => 'x' };",
    "    }",
    "",
    "    private static function hidden(): void {}",
    "}",
    "",
    "function helper(Level $l): string",
    "{",
    "    return $l->label();",
    "}",
    "",
  ].join("\n");

  it("the enum keeps its constants and methods (they had been top-level entries, exported, the first method's range over the constants)", async () => {
    const r = await inline("Level.php", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace App\\Enums 2-2",
      "enum Level 4-26",
      "constant Level.Guest 8-8",
      "constant Level.Admin 9-9",
      "constant Level.Owner 10-10",
      "constant Level.DEFAULT 13-13",
      "constant Level.SECRET 14-14",
      "constant Level.LEGACY 15-18",
      "method Level.label 20-23",
      "method Level.hidden 25-25",
      "function helper 28-31",
    ]);
  });

  it("a constant read from the real source: its signature, doc, attribute and visibility", async () => {
    const r = await inline("Level.php", src);
    const c = get(r, "Level.DEFAULT");
    expect(c.signature).toBe("public const DEFAULT = self::Guest");
    expect(c.doc).toBe("The level new accounts get.");
    expect(c.exported).toBe(true);
    expect(get(r, "Level.SECRET").exported).toBe(false);
    expect(get(r, "Level.LEGACY").decorators).toEqual(["#[Deprecated]"]);
    expect(get(r, "Level.Owner").signature).toBe("case Owner = self::Admin->value | 1");
    expect(get(r, "Level.hidden").exported).toBe(false);
  });
});

describe("csharp: C# 11's `file` after a comment on its line (csharp/shapes.ts)", () => {
  it("`/* x */ file class Foo` and `file /* x */ sealed record R` are types (the modifier masked), the namespace holding what follows", async () => {
    const src = [
      "namespace Demo",
      "{",
      "    /* helper */ file class Hidden",
      "    {",
      "        public void Run() { }",
      "    }",
      "",
      "    [Obsolete] internal /* b */ file /* c */ sealed record R(int X);",
      "",
      "    /* not a type */ public int file = 1;",
      "",
      "    public class After",
      "    {",
      "        public void Go() { }",
      "    }",
      "}",
      "",
    ].join("\n");
    const r = await inline("Demo.cs", src);
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace Demo 1-16",
      "class Demo.Hidden 3-6",
      "method Demo.Hidden.Run 5-5",
      "class Demo.R 8-8",
      "property Demo.R.X 8-8",
      "field Demo.file 10-10",
      "class Demo.After 12-15",
      "method Demo.After.Go 14-14",
    ]);
    expect(get(r, "Demo.Hidden").signature).toBe("file class Hidden");
    expect(get(r, "Demo.Hidden").exported).toBe(false);
    expect(get(r, "Demo.After").exported).toBe(true);
  });
});

describe("swift: an accessor's mutation modifier in the signature (swift/index.ts accessorsOf)", () => {
  it("`{ mutating get }`, `{ get nonmutating set }` as Swift's interfaces print them; a plain setter `{ get set }`", async () => {
    const src = [
      "public struct Box {",
      "  public var x: Int { mutating get { return 1 } }",
      "  public var y: Int {",
      "    get { return 1 }",
      "    nonmutating set { print(newValue) }",
      "  }",
      "  public var z: Int { get { 1 } set { } }",
      "}",
      "public protocol Store {",
      "  var v: Int { get nonmutating set }",
      "}",
      "",
    ].join("\n");
    const r = await inline("Box.swift", src);
    expect(get(r, "Box.x").signature).toBe("public var x: Int { mutating get }");
    expect(get(r, "Box.y").signature).toBe("public var y: Int { get nonmutating set }");
    expect(get(r, "Box.z").signature).toBe("public var z: Int { get set }");
    expect(get(r, "Store.v").signature).toBe("var v: Int { get nonmutating set }");
  });
});

describe("ruby: `public :name` and the other calls naming what they show (generic/ruby.ts)", () => {
  it("the last visibility call naming a method or constant decides it, `public` ones too", async () => {
    const src = [
      "class Account",
      "  private",
      "",
      "  def initialize(owner)",
      "    @owner = owner",
      "  end",
      "",
      "  def secret; end",
      "  def shown; end",
      "  def later; end",
      "  public def visible; end",
      "  public def hidden_again; end",
      "",
      "  public :initialize",
      "  public :shown",
      "  protected :later",
      "  private :hidden_again",
      "",
      "  def self.make; end",
      "  private_class_method :make",
      "  public_class_method :make",
      "",
      "  SECRET = 1",
      "  private_constant :SECRET",
      "  LIMIT = 2",
      "  private_constant :LIMIT",
      "  public_constant :LIMIT",
      "end",
      "",
    ].join("\n");
    const r = await inline("account.rb", src);
    const exported = Object.fromEntries(get(r, "Account").members!.map((m) => [m.name, m.exported]));
    expect(exported).toEqual({
      initialize: true,
      secret: false,
      shown: true,
      later: false,
      visible: true,
      hidden_again: false,
      make: true,
      SECRET: false,
      LIMIT: true,
    });
  });
});

/**
 * A string left open in Java, C# and C++ (core/run-on.ts, LanguageSpec.runOnStrings): a text block,
 * a `"` string Java's grammar lets run over lines, a verbatim or interpolated C# string, a C++ raw
 * string — each runs on over the code after it to the next quote of its kind, and the outline after it
 * was lost or nested wrongly. Read as closed at the end of its line, with a warning naming the line.
 * Shapes reduced from mutants of JDK, react-native-windows and RE2 sources. Real engine, real parser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Lens } from "../../core/engine.js";
import { linesProject, rows, syntaxNotes } from "../helpers.js";

let lens: Lens;
let file: (name: string, lines: string[]) => string;

beforeAll(async () => {
  ({ lens, file } = await linesProject("pilens-run-on-c-"));
});

const note = (line: number) => `syntax error: the string opened on line ${line} runs on over the code after it: read as closed at the end of its line`;
const unclosed = (line: number) => `syntax error: the string opened on line ${line} is not closed: read as closed at the end of its line`;
const runOn = (w: string[] | undefined) => syntaxNotes(w).filter((x) => x.includes("read as closed at the end of its line"));

/** A class whose constructor's line 12 is `opened` — the rest of the file is closed and valid. */
const signature = (opened: string[]) => [
  "package demo.tree;", // 1
  "",
  "import demo.visitor.Visitor;",
  "",
  "public class Signature implements Node {", // 5
  "    private final Parameter[] params;",
  "    private final TypeName result;",
  "",
  "    private Signature(Parameter[] params,", // 9
  "                      TypeName result) {",
  "        this.params = params;",
  ...opened, // 12
  "        this.result = result;",
  "    }",
  "",
  "    public static Signature make(Parameter[] params, TypeName result) {",
  "        return new Signature(params, result);",
  "    }",
  "",
  "    public Parameter[] getParameters() {",
  "        return params;",
  "    }",
  "",
  "    public TypeName getResult() { return result; }",
  "",
  '    public String toString() { return "Signature"; }',
  "",
  "    public void accept(Visitor<?> v) { v.visitSignature(this); }",
  "}",
];

const members = ["make", "getParameters", "getResult", "toString", "accept"];

describe("Java", () => {
  it("a `\"` string left open runs over lines in this grammar, to the next quote: the constructor keeps its end, the methods after it their class", async () => {
    const path = file("Plain.java", signature(['        String help = "Being typed']));
    const r = await lens.moduleReport(path);
    expect(rows(r).slice(0, 4)).toEqual(["class Signature 5-29", "field Signature.params 6-6", "field Signature.result 7-7", "constructor Signature.Signature 9-14"]);
    expect(r.api?.[0]?.members?.map((m) => m.name)).toEqual(expect.arrayContaining(members));
    expect(runOn(r.warnings)).toEqual([note(12)]);
  });

  it("a text block left open with no `\"\"\"` after it: the class body is no longer read as empty", async () => {
    const path = file("Block.java", signature(['        String help = """', "            Being typed"]));
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(["constructor Signature.Signature 9-15", "method Signature.make 17-19", "method Signature.accept 29-29"]));
    expect(r.api?.[0]?.members?.map((m) => m.name)).toEqual(expect.arrayContaining(members));
    expect(runOn(r.warnings)).toEqual([note(12)]);
    // (The records read the source: the constructor's text is what the file says.)
    const read = await lens.readSymbol(path, "Signature.Signature");
    expect(read.source?.split("\n")[3]).toBe('        String help = """');
  });

  it("closed text blocks and strings are left alone when an error is elsewhere", async () => {
    const path = file("Closed.java", [
      "public class Closed {",
      "    String sql() {",
      '        return """',
      "            select *",
      "            from rows",
      '            """;',
      "    }",
      "",
      "    int broken( {", // 9
      "        return 1;",
      "    }",
      "",
      "    String name() {",
      '        return "closed";',
      "    }",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(syntaxNotes(r.warnings).length).toBeGreaterThan(0);
    expect(runOn(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(expect.arrayContaining(["method Closed.sql 2-7", "method Closed.name 13-15"]));
  });
});

describe("C#", () => {
  // (CRLF, as the file it comes from: there the bracket guesses did not catch it.)
  const manager = (opened: string) =>
    [
      "using System.Windows.Controls;",
      "",
      "namespace Demo.Views",
      "{",
      "    /// <summary>", // 5
      "    /// The view manager for simple text views.",
      "    /// </summary>",
      "    public class TextViewManager : ViewManager",
      "    {",
      "        /// <summary>", // 10
      "        /// Name of the view manager.",
      "        /// </summary>",
      "        public override string Name",
      "        {",
      "            get",
      "            {",
      '                return "TextView";',
      "            }",
      "        }",
      "", // 20
      "        /// <summary>",
      "        /// Gets the number of children for the view.",
      "        /// </summary>",
      '        /// <param name="parent">The view parent.</param>',
      "        /// <returns>The number of children.</returns>", // 25
      "        public override int GetChildCount(TextBlock parent)",
      "        {",
      opened, // 28
      "            return 0;",
      "        }", // 30
      "",
      "        /// <summary>",
      "        /// Removes the children from the view.",
      "        /// </summary>",
      '        /// <param name="parent">The view parent.</param>', // 35
      "        public override void RemoveAllChildren(TextBlock parent)",
      "        {",
      "        }",
      "    }",
      "}", // 40
    ].map((l) => l + "\r");
  const expected = ["property Demo.Views.TextViewManager.Name 13-19", "method Demo.Views.TextViewManager.GetChildCount 26-30", "method Demo.Views.TextViewManager.RemoveAllChildren 36-38"];

  it("a verbatim string left open runs to a quote in a doc comment: the method keeps its end, the next one is no field", async () => {
    const path = file("Verbatim.cs", manager('            var p = @"C:\\temp\\'));
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(expected));
    expect(rows(r).some((x) => x.includes("field"))).toBe(false);
    expect(runOn(r.warnings)).toEqual([note(28)]);
    expect(r.api?.[0]?.members?.[0]?.members?.find((m) => m.name === "RemoveAllChildren")?.doc).toBe("Removes the children from the view.");
  });

  it("an interpolated string left open", async () => {
    const path = file("Interpolated.cs", manager('            var s = $"Hello {parent}'));
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(expected));
    expect(runOn(r.warnings)).toEqual([note(28)]);
  });

  // (The string read as closed, its statement still lacks its `;`: before an `if (…) {` line that broke
  // into many regions, too many to keep. The line is read as `"…";` too — runOnStringsSemicolon.)
  const owner = (opened: string) => [
    "namespace Demo",
    "{",
    "    public class Owner",
    "    {",
    "        public void Attach(Node node)", // 5
    "        {",
    "            var owner = GetOwner();",
    opened, // 8
    "            if (owner != null)",
    "            {",
    "                owner.Add(node);",
    "            }",
    "        }",
    "",
    "        public void Detach()", // 15
    "        {",
    "            Clear();",
    "        }",
    "",
    "        public int Count => 2;", // 20
    "    }",
    "}",
  ];
  const ownerRows = ["class Demo.Owner 3-21", "method Demo.Owner.Attach 5-13", "method Demo.Owner.Detach 15-18", "property Demo.Owner.Count 20-20"];

  it("an interpolated string left open before a block: its statement's `;` is read as there too, and no error is left", async () => {
    const path = file("Owner.cs", owner('            var s = $"Hello {owner}'));
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(ownerRows));
    expect(syntaxNotes(r.warnings)).toEqual([note(8)]);
  });

  it("a `\"` string left open (the grammar ends it at its line) before a block: the methods after it keep their class", async () => {
    const path = file("Plain.cs", owner('            var s = "abc'));
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(ownerRows));
    expect(syntaxNotes(r.warnings)).toEqual([unclosed(8)]);
  });

  it("a verbatim string over lines, closed, is left alone when an error is elsewhere", async () => {
    const path = file("Closed.cs", [
      "class Queries",
      "{",
      "    string Sql()",
      "    {",
      '        return @"select *',
      '            from rows";',
      "    }",
      "",
      "    int Broken( {",
      "        return 1;",
      "    }",
      "}",
    ]);
    const r = await lens.moduleReport(path);
    expect(syntaxNotes(r.warnings).length).toBeGreaterThan(0);
    expect(runOn(r.warnings)).toEqual([]);
  });
});

describe("C++", () => {
  const walker = (opened: string, last = "  w.Walk(this, 0);") => [
    '#include "demo/walker.h"',
    "",
    "namespace demo {",
    "",
    "class CountingWalker : public Walker<int> {", // 5
    " public:",
    "  CountingWalker() {}",
    "",
    "  virtual int PostVisit(Node* n, int parent_arg, int* child_args, int nchild_args);",
    "", // 10
    "  virtual int ShortVisit(Node* n, int a) {",
    "    // Never called.",
    "    return a;",
    "  }",
    "", // 15
    " private:",
    "  int seen_ = 0;",
    "};",
    "",
    "int CountingWalker::PostVisit(Node* n, int parent_arg, int* child_args, int nchild_args) {", // 20
    "  return nchild_args;",
    "}",
    "",
    "void Node::CountWalk() {",
    "  CountingWalker w;", // 25
    opened,
    last,
    "}",
    "",
    "}  // namespace demo", // 30
  ];

  it("a raw string left open runs to the end of the file: the namespace and what it holds keep their outline", async () => {
    const path = file("walker.cc", walker('  auto pattern = R"(a+b'));
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(["namespace demo 3-30", "class demo.CountingWalker 5-18", "method demo.CountingWalker.PostVisit 20-22", "method demo.CountWalk 24-28"]));
    expect(runOn(r.warnings)).toEqual([note(26)]);
  });

  it("a raw string left open closed by the `)\"` of a string of code in a later function (`\")\"`): found though the only error is a `}` at the end", async () => {
    const lines = walker('  auto pattern = R"(a+b');
    const path = file("printer.cc", [
      ...lines.slice(0, 28),
      "",
      "void Node::Print(std::ostream* os) {", // 30
      "  if (os != nullptr) {",
      '    *os << ")";',
      "  }",
      "}",
      "",
      "int Node::Depth() const {", // 36
      "  return depth_;",
      "}",
      ...lines.slice(28),
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(["namespace demo 3-40", "method demo.CountWalk 24-28", "method demo.Print 30-34", "method demo.Depth 36-38"]));
    expect(runOn(r.warnings)).toEqual([note(26)]);
  });

  it("a raw string left open that a string of code's `)\"` closes, the braces pairing again: the file parses, the function it hid is found, a warning without a syntax error", async () => {
    const lines = walker('  auto pattern = R"(a+b');
    const path = file("quiet.cc", [
      ...lines.slice(0, 28),
      "",
      "void Node::Print(std::ostream* os) {", // 30
      '  *os << ")";',
      "}",
      "",
      "int Node::Depth() const {", // 34
      "  return depth_;",
      "}",
      ...lines.slice(28),
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(expect.arrayContaining(["namespace demo 3-38", "method demo.CountWalk 24-28", "method demo.Print 30-32", "method demo.Depth 34-36"]));
    expect(syntaxNotes(r.warnings)).toEqual([]);
    expect(r.warnings).toContain('the raw string opened on line 26 is closed only by the `)"` of a string of code on line 31: read as closed at the end of its line');
  });

  it("a `\"` string left open before a block: the functions and the class after it are no longer lost", async () => {
    const path = file("args.cc", [
      "namespace demo {",
      "",
      "void Arguments(Isolate* isolate, Value* out, int count) {", // 3
      "  assert(count > 0);",
      '  const char *s = "abc', // 5
      "  for (int i = 0; i < count; ++i) {",
      "    out[i] = Data::Get(isolate, i);",
      "  }",
      "}",
      "",
      "int Count(const Value* v) {", // 11
      "  return v->size();",
      "}",
      "",
      "class Holder {", // 15
      " public:",
      "  int Size() const { return 1; }",
      "};",
      "",
      "}  // namespace demo",
    ]);
    const r = await lens.moduleReport(path);
    expect(rows(r)).toEqual(["namespace demo 1-20", "function demo.Arguments 3-9", "function demo.Count 11-13", "class demo.Holder 15-18", "method demo.Holder.Size 17-17"]);
    expect(syntaxNotes(r.warnings)).toEqual([unclosed(5)]);
  });

  it("a `\"\"` a macro the grammar cannot parse leaves as two quotes alone in an ERROR is no string left open: they pair on their line", async () => {
    const path = file("flags.cc", [
      '#include "absl/flags/flag.h"',
      "",
      "namespace {",
      "",
      "static int counter = 0;",
      'ABSL_FLAG(int, test_flag_13, 200, "").OnUpdate([]() { counter++; });',
      "",
      "int Count() { return counter; }",
      "",
      "}  // namespace",
    ]);
    const r = await lens.moduleReport(path);
    expect(syntaxNotes(r.warnings).length).toBeGreaterThan(0);
    expect(runOn(r.warnings)).toEqual([]);
  });

  it("raw strings over lines in a file that parses are left alone, one whose last line holds a string of code too", async () => {
    const path = file("valid.cc", [
      'const char* kQuery = R"sql(',
      "  select * from rows",
      ')sql";',
      "",
      "// (Its last line's quotes pair up: no string of code's `)\"`.)",
      'const char* kCall = R"(',
      '  f("a"))";',
      "",
      "// (A string of code's `)\"` closes it, but the lines before read as code do not parse.)",
      'const char* kNote = R"(first line',
      "  is prose, not code",
      '  print(")";',
      "",
      "int fine() { return 2; }",
    ]);
    const r = await lens.moduleReport(path);
    expect(r.warnings?.filter((w) => w.includes("string")) ?? []).toEqual([]);
    expect(rows(r)).toEqual(["constant kQuery 1-3", "constant kCall 6-7", "constant kNote 10-12", "function fine 14-14"]);
  });

  it("raw strings over lines, closed, are left alone when an error is elsewhere", async () => {
    const path = file("closed.cc", [
      "const char* kQuery = R\"sql(",
      "  select * from rows",
      '  where name = "x"',
      ')sql";',
      "",
      'const char* kCall = R"(',
      '  f("a"))";',
      "",
      "int broken( {",
      "  return 1;",
      "}",
      "",
      "int fine() { return 2; }",
    ]);
    const r = await lens.moduleReport(path);
    expect(syntaxNotes(r.warnings).length).toBeGreaterThan(0);
    expect(runOn(r.warnings)).toEqual([]);
    expect(rows(r)).toEqual(expect.arrayContaining(["constant kQuery 1-4", "constant kCall 6-7"]));
  });
});

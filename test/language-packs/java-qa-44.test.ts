/** QA round 44 (Java, on JDK 17/25 sources): each case a defect found on unseen real code. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entryAt, flat, inlineReport, lensAt } from "../helpers.js";

describe("java: members of anonymous classes are no entries", () => {
  const src = [
    "import java.util.Comparator;",
    "",
    "public class AnonMembers {",
    "    public static final Comparator<String> CMP = new Comparator<String>() {",
    "        @Override",
    "        public int compare(String a, String b) { return 0; }",
    "    };",
    "",
    "    static {",
    "        java.security.AccessController.doPrivileged(",
    "            new java.security.PrivilegedAction<Void>() {",
    "                @Override",
    "                public Void run() { class Helper { void help() {} } return null; }",
    "            });",
    "    }",
    "",
    "    {",
    "        Runnable r = new Runnable() {",
    "            public void run() { }",
    "        };",
    "    }",
    "",
    "    public void method() { }",
    "",
    "    enum Op { PLUS { int apply() { return 1; } }; int apply() { return 0; } }",
    "}",
    "",
  ].join("\n");

  it("in a `static {}` / instance `{}` block: not the enclosing class's methods (JDK ServerConfig's phantom `run`)", async () => {
    const r = await inlineReport("AnonMembers.java", src);
    const keys = [...flat(r).keys()];
    expect(keys.filter((k) => /run|Helper|help/.test(k))).toEqual([]);
    expect(entryAt(r, "AnonMembers").members!.map((m) => m.name)).toEqual(["CMP", "method", "Op"]);
    // The anonymous classes are still callbacks, and an enum constant's body still nests under it.
    expect(r.callbacks.map((c) => c.kind)).toEqual(["anonymous_class", "anonymous_class", "anonymous_class"]);
    expect(entryAt(r, "AnonMembers.Op.PLUS.apply").kind).toBe("method");
  });

  it("in a field initializer: not members of the field, nor exported (`CMP.compare`)", async () => {
    const r = await inlineReport("AnonMembers.java", src);
    expect(entryAt(r, "AnonMembers.CMP")).toMatchObject({ kind: "constant", exported: true });
    expect(entryAt(r, "AnonMembers.CMP").members).toBeUndefined();
  });

  it("read does not find the anonymous class's `run` as a method of the class", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-java44-"));
    writeFileSync(join(dir, "AnonMembers.java"), src);
    const read = await (await lensAt(dir)).readSymbol(join(dir, "AnonMembers.java"), "AnonMembers.run");
    expect(read.found).toBe(false);
  });
});

describe("java: Javadoc inline tags read as javadoc renders them", () => {
  const src = [
    "public interface ExecutableElement {",
    "    /**",
    "     * {@return the return type of this executable}",
    "     * Returns a NoType with kind VOID if this is not a method.",
    "     */",
    "    Object getReturnType();",
    "",
    "    /**",
    "     * {@return {@code true} if this method accepts varargs and",
    "     * returns {@code false} otherwise}",
    "     */",
    "    boolean isVarArgs();",
    "",
    "    /** {@return the name.} {@inheritDoc} */",
    "    String name();",
    "",
    "    /**",
    "     * factor ::= ('^' | '\\<' | '\\>' | atom) more.",
    "     */",
    "    void grammar();",
    "",
    "    /** Reads <b>all</b> of it<br>at once, as {@code List<String>}. */",
    "    void read();",
    "",
    "    /**",
    "     * Same as {@link #of(String, String) new Name(domain, key)} but cached.",
    "     */",
    "    Object getInstance(String domain, String key);",
    "",
    "    /** Thrown when {@link Control#invoke(String, String)} is interrupted. */",
    "    void stopped();",
    "",
    "    /** Matches {@link #of(String,String)} or {@link #of(String) one} exactly. */",
    "    void nospace();",
    "}",
    "",
  ].join("\n");

  it("`{@return X}` is the sentence `Returns X.` (javax.lang.model's house style since JDK 16)", async () => {
    const r = await inlineReport("ExecutableElement.java", src);
    expect(entryAt(r, "ExecutableElement.getReturnType").doc).toBe("Returns the return type of this executable.");
    expect(entryAt(r, "ExecutableElement.isVarArgs").doc).toBe("Returns true if this method accepts varargs and returns false otherwise.");
    expect(entryAt(r, "ExecutableElement.name").doc).toBe("Returns the name.");
  });

  it("an HTML tag opens with its name: `'\\<' | '\\>'` (xerces' RegexParser) and `{@code List<String>}` are text, `<b>`, `<br>` still go", async () => {
    const r = await inlineReport("ExecutableElement.java", src);
    expect(entryAt(r, "ExecutableElement.grammar").doc).toBe("factor ::= ('^' | '<' | '>' | atom) more.");
    expect(entryAt(r, "ExecutableElement.read").doc).toBe("Reads all of it at once, as List<String>.");
  });

  it("a `{@link}` target's parameter list may hold spaces (ObjectName.getInstance, jshell's StoppedException)", async () => {
    const r = await inlineReport("ExecutableElement.java", src);
    expect(entryAt(r, "ExecutableElement.getInstance").doc).toBe("Same as new Name(domain, key) but cached.");
    expect(entryAt(r, "ExecutableElement.stopped").doc).toBe("Thrown when Control.invoke(String, String) is interrupted.");
    expect(entryAt(r, "ExecutableElement.nospace").doc).toBe("Matches of(String,String) or one exactly.");
  });
});

describe("java: a class's Javadoc one blank line above it, after the imports (JDK style)", () => {
  it("with `@author` and `@since` it is the class's doc (DocumentBuilder, Timer had none); a file's header above the package line is not", async () => {
    const src = [
      "/*",
      " * Copyright (c) 2003, Oracle. All rights reserved.",
      " */",
      "",
      "package javax.xml.parsers;",
      "",
      "import java.io.File;",
      "",
      "/**",
      " * Defines the API to obtain DOM Document instances from an XML document.",
      " *",
      " * @author Jeff Suttor",
      " * @since 1.4",
      " */",
      "",
      "public abstract class DocumentBuilder {",
      "    protected DocumentBuilder() {",
      "    }",
      "}",
      "",
    ].join("\n");
    const r = await inlineReport("DocumentBuilder.java", src);
    expect(entryAt(r, "DocumentBuilder").doc).toBe("Defines the API to obtain DOM Document instances from an XML document.");
    // A Javadoc block heading the file, with no code above it, stays the file's (no package line: the class is first).
    const header = ["/**", " * Utilities.", " *", " * @author Someone", " * @since 1.0", " */", "", "public class Util {", "}", ""].join("\n");
    expect(entryAt(await inlineReport("Util.java", header), "Util").doc).toBeUndefined();
  });
});

describe("java: a field declaration of several declarators (QA session 49)", () => {
  it("gives each entry its own declarator after the declaration's type, not the whole statement", async () => {
    const r = await inlineReport("BulkTask.java", [
      "abstract class BulkTask<K,V,R> {",
      "    Node<K,V>[] tab;",
      "    TableStack<K,V> stack, spare;",
      "    private static final int MIN = 1, MAX = 1 << 30;",
      "    int[] counts = new int[4], sums;",
      "}",
      "",
    ].join("\n"));
    const heads = Object.fromEntries([...flat(r)].filter(([k]) => k.includes(".")).map(([k, e]) => [k, e.signature]));
    expect(heads).toEqual({
      "BulkTask.tab": "Node<K,V>[] tab",
      "BulkTask.stack": "TableStack<K,V> stack",
      "BulkTask.spare": "TableStack<K,V> spare",
      "BulkTask.MIN": "private static final int MIN = 1",
      "BulkTask.MAX": "private static final int MAX = 1 << 30",
      "BulkTask.counts": "int[] counts = new int[4]",
      "BulkTask.sums": "int[] sums",
    });
  });
});

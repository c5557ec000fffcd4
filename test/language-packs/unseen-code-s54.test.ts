/**
 * Session 54: the C/C++, Ruby, PHP, C#, Kotlin and Swift packs on code no other test uses —
 * /usr/include, Ruby's and PHP's libraries, react-native / expo / react-native-windows sources.
 * Shapes each pack got wrong there, real parses.
 */
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get } from "../helpers.js";

const syntaxWarnings = (r: { warnings?: string[] }) => r.warnings?.filter((w) => /syntax error/.test(w)) ?? [];

describe("kotlin: a primary constructor on the line after the class name", () => {
  it("with its annotation on a line of its own keeps the class body (react-native ReactTextViewManager)", async () => {
    const r = await inline(
      "ReactTextViewManager.kt",
      [
        "/** View manager for `<Text>` nodes. */",
        "@ReactModule(name = ReactTextViewManager.REACT_CLASS)",
        "public open class ReactTextViewManager",
        "@JvmOverloads",
        "public constructor(",
        "    protected var reactTextViewManagerCallback: ReactTextViewManagerCallback? = null,",
        ") :",
        "    BaseViewManager<ReactTextView, LayoutShadowNode>(),",
        "    IViewManagerWithChildren {",
        "  override fun getName(): String = REACT_CLASS",
        "",
        "  public companion object {",
        "    public const val REACT_CLASS: String = \"RCTText\"",
        "  }",
        "}",
        "",
        "fun after() {}",
        "",
      ].join("\n"),
    );
    expect(syntaxWarnings(r)).toEqual([]);
    const c = get(r, "ReactTextViewManager");
    expect([c.startLine, c.endLine]).toEqual([2, 15]);
    expect(get(r, "ReactTextViewManager.getName").kind).toBe("method");
    expect(get(r, "ReactTextViewManager.Companion.REACT_CLASS").kind).toBe("constant");
    expect(get(r, "after").kind).toBe("function");
  });
});

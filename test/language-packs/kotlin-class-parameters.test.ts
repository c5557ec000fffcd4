/**
 * Kotlin: a primary constructor's `val`/`var` parameters are the class's properties — only their names,
 * not a default value naming a constant (react-native-screens' `FormSheetConfig(val preferredCornerRadius:
 * Float = SYSTEM_DEFAULT_CORNER_RADIUS)` had a property `SYSTEM_DEFAULT_CORNER_RADIUS` at line 8, which took
 * the uses of the companion's `const val`).
 */
import { describe, expect, it } from "vitest";
import { inlineReport as inline, rows } from "../helpers.js";

describe("kotlin class parameters", () => {
  it("name the properties; a default value's name, a chain's, is none", async () => {
    const r = await inline(
      "FormSheetConfig.kt",
      "data class FormSheetConfig(\n    val isOpen: Boolean = false,\n    val preferredCornerRadius: Float = SYSTEM_DEFAULT_CORNER_RADIUS,\n    private var other: Int = Defaults.count,\n) {\n    companion object {\n        const val SYSTEM_DEFAULT_CORNER_RADIUS = -1f\n    }\n}\n",
    );
    expect(rows(r)).toEqual([
      "class FormSheetConfig 1-9",
      "property FormSheetConfig.isOpen 2-2",
      "property FormSheetConfig.preferredCornerRadius 3-3",
      "property FormSheetConfig.other 4-4",
      "object FormSheetConfig.Companion 6-8",
      "constant FormSheetConfig.Companion.SYSTEM_DEFAULT_CORNER_RADIUS 7-7",
    ]);
  });
});

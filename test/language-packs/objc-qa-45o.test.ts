/**
 * QA 45o: Objective-C of react-native libraries (expo, maps, screens, netinfo, device-info) through the
 * generic pack's heuristics — headers detected as ObjC, selectors, masked macros — real parses.
 */
import { describe, expect, it } from "vitest";
import { inlineReport as inline, lensAt, repoRoot, rows } from "../helpers.js";

describe("objc: headers", () => {
  it("a `.h` with `@interface` is Objective-C; a plain C header stays C (expo-location's EXLocation.h)", async () => {
    const objc = await inline("EXLocation.h", "#import <Foundation/Foundation.h>\n\n@interface EXLocation : NSObject\n- (void)start;\n@end\n");
    expect(objc.language).toBe("objc");
    expect(rows(objc)).toEqual(["class EXLocation 3-5", "method EXLocation.start 4-4"]);
    const c = await inline("util.h", "#include <stdio.h>\nint add(int a, int b);\n");
    expect(c.language).toBe("c");
  });

  it("the lookup that reads no source (graph plans, language filters) keeps `.h` C: a detector claims only by content", async () => {
    const lens = await lensAt(repoRoot);
    expect(lens.registry.lookup("include/EXLocation.h")?.language).toBe("c");
    expect(lens.registry.lookupAll("EXLocation.h", "@interface EXLocation : NSObject\n@end\n")[0]?.language).toBe("objc");
    expect(lens.registry.lookupAll("util.h", "int add(int a, int b);\n")[0]?.language).toBe("c");
  });
});

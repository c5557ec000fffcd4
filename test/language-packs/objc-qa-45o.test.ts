/**
 * QA 45o: Objective-C of react-native libraries (expo, maps, screens, netinfo, device-info) through the
 * generic pack's heuristics — headers detected as ObjC, selectors, masked macros — real parses.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, lensAt, repoRoot, rows } from "../helpers.js";

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

describe("objc: selectors", () => {
  const src = [
    "@implementation EXSessionTaskDelegate",
    "- (nonnull instancetype)initWithResolve:(EXPromiseResolveBlock)resolve",
    "                                 reject:(EXPromiseRejectBlock)reject",
    "{",
    "  return self;",
    "}",
    "- (void)URLSession:(NSURLSession *)session task:(NSURLSessionTask *)task didCompleteWithError:(NSError *)error",
    "{",
    "}",
    "- (void)URLSession:(NSURLSession *)session dataTask:(NSURLSessionDataTask *)dataTask didReceiveData:(NSData *)data",
    "{",
    "}",
    "- (void)reset",
    "{",
    "}",
    "@end",
    "",
  ].join("\n");

  it("a method is named by its whole selector; its signature is every line of its head", async () => {
    const r = await inline("EXSessionTaskDelegate.m", src);
    expect(rows(r)).toEqual([
      "class EXSessionTaskDelegate 1-16",
      "method EXSessionTaskDelegate.initWithResolve:reject: 2-6",
      "method EXSessionTaskDelegate.URLSession:task:didCompleteWithError: 7-9",
      "method EXSessionTaskDelegate.URLSession:dataTask:didReceiveData: 10-12",
      "method EXSessionTaskDelegate.reset 13-15",
    ]);
    expect(get(r, "EXSessionTaskDelegate.initWithResolve:reject:").signature).toBe("- (nonnull instancetype)initWithResolve:(EXPromiseResolveBlock)resolve reject:(EXPromiseRejectBlock)reject");
  });

  it("read finds a method by its selector, by its class and selector, and by its first keyword", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-objc-"));
    const file = join(dir, "EXSessionTaskDelegate.m");
    writeFileSync(file, src);
    const lens = await lensAt(dir);
    const whole = await lens.readSymbol(file, "URLSession:dataTask:didReceiveData:");
    expect([whole.found, whole.startLine]).toEqual([true, 10]);
    const qualified = await lens.readSymbol(file, "EXSessionTaskDelegate.initWithResolve:reject:");
    expect([qualified.found, qualified.startLine, qualified.endLine]).toEqual([true, 2, 6]);
    const keyword = await lens.readSymbol(file, "URLSession");
    expect([keyword.found, keyword.startLine]).toEqual([true, 7]);
    expect(keyword.note).toMatch(/URLSession:dataTask:didReceiveData:@10/);
  });
});

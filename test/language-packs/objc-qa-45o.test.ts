/**
 * QA 45o: Objective-C of react-native libraries (expo, maps, screens, netinfo, device-info) through the
 * generic pack's heuristics — headers detected as ObjC, selectors, masked macros — real parses.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, lensAt, repoRoot, rows } from "../helpers.js";

const syntaxErrors = (r: { warnings?: string[] }) => r.warnings?.filter((w) => /syntax error/.test(w)) ?? [];

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

describe("objc: macros the grammar cannot read", () => {
  it("`NS_ASSUME_NONNULL_BEGIN`/`_END` leave the interface whole (expo's EXModuleRegistry.h)", async () => {
    const r = await inline("EXModuleRegistry.h", "#import <Foundation/Foundation.h>\n\nNS_ASSUME_NONNULL_BEGIN\n\n@interface EXModuleRegistry : NSObject\n\n- (void)registerInternalModule:(id<EXInternalModule>)internalModule;\n\n@end\n\nNS_ASSUME_NONNULL_END\n");
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual(["class EXModuleRegistry 5-9", "method EXModuleRegistry.registerInternalModule: 7-7"]);
  });

  it("react-native's `RCT_EXPORT_METHOD(…)` is a method named by its selector, its head the macro as written (RNDeviceInfo.m)", async () => {
    const r = await inline("RNDeviceInfo.m", [
      "@implementation RNDeviceInfo",
      "RCT_EXPORT_MODULE();",
      "",
      "RCT_EXPORT_VIEW_PROPERTY(onPress, RCTBubblingEventBlock)",
      "",
      "RCT_EXPORT_METHOD(getDeviceName:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject) {",
      "    resolve(self.getDeviceName);",
      "}",
      "",
      "RCT_REMAP_METHOD(getCarrier, getCarrierWithResolver:(RCTPromiseResolveBlock)resolve",
      "                 rejecter:(RCTPromiseRejectBlock)reject) {",
      "    resolve(self.getCarrier);",
      "}",
      "",
      "RCT_EXPORT_BLOCKING_SYNCHRONOUS_METHOD(isEmulatorSync) {",
      "    return @(self.isEmulator);",
      "}",
      "@end",
      "",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual([
      "class RNDeviceInfo 1-18",
      "property RNDeviceInfo.onPress 4-4",
      "method RNDeviceInfo.getDeviceName:rejecter: 6-8",
      "method RNDeviceInfo.getCarrierWithResolver:rejecter: 10-13",
      "method RNDeviceInfo.isEmulatorSync 15-17",
    ]);
    expect(get(r, "RNDeviceInfo.getDeviceName:rejecter:").signature).toBe("RCT_EXPORT_METHOD(getDeviceName:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject)");
    expect(get(r, "RNDeviceInfo.getCarrierWithResolver:rejecter:").signature).toBe("RCT_REMAP_METHOD(getCarrier, getCarrierWithResolver:(RCTPromiseResolveBlock)resolve rejecter:(RCTPromiseRejectBlock)reject)");
  });

  it("`typedef NS_ENUM(NSInteger, Mode) {…}` is the enum `Mode`; `NS_OPTIONS` too (SMCalloutView.h)", async () => {
    const r = await inline("SMCalloutView.h", "/// options for the callout present/dismiss animation\ntypedef NS_ENUM(NSInteger, SMCalloutAnimation) {\n    SMCalloutAnimationBounce,\n    SMCalloutAnimationFade\n};\n\ntypedef NS_OPTIONS(NSUInteger, SMCalloutArrowDirection) {\n    SMCalloutArrowDirectionUp = 1 << 0,\n};\n\n@interface SMCalloutView : UIView\n@end\n");
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual(["enum SMCalloutAnimation 2-5", "enum SMCalloutArrowDirection 7-9", "class SMCalloutView 11-12"]);
    expect(get(r, "SMCalloutAnimation").signature).toBe("typedef NS_ENUM(NSInteger, SMCalloutAnimation)");
    expect(get(r, "SMCalloutAnimation").doc).toBe("options for the callout present/dismiss animation");
  });
});

describe("objc: names inside C declarators", () => {
  it("a pointer or block `@property` and a block typedef are named by their identifier (netinfo's RNCConnectionStateWatcher.m)", async () => {
    const r = await inline("RNCConnectionStateWatcher.m", [
      "typedef void (^RNCConnectionStateUpdater)(SCNetworkReachabilityFlags);",
      "",
      "@interface RNCConnectionStateWatcher ()",
      "@property (nullable, weak, nonatomic) id<RNCConnectionStateWatcherDelegate> delegate;",
      "@property (nonnull, strong, nonatomic) RNCConnectionState *state;",
      "@property (nonatomic, copy) void (^onChange)(BOOL connected);",
      "@end",
      "",
    ].join("\n"));
    expect(rows(r)).toEqual([
      "type RNCConnectionStateUpdater 1-1",
      "class RNCConnectionStateWatcher 3-7",
      "property RNCConnectionStateWatcher.delegate 4-4",
      "property RNCConnectionStateWatcher.state 5-5",
      "property RNCConnectionStateWatcher.onChange 6-6",
    ]);
    expect(get(r, "RNCConnectionStateWatcher.state").signature).toBe("@property (nonnull, strong, nonatomic) RNCConnectionState *state");
  });
});

describe("objc: C inside an implementation", () => {
  it("a C function between `@implementation` and `@end` is a function, `static` internal (netinfo's reachability callbacks)", async () => {
    const r = await inline("RNCConnectionStateWatcher.m", "@implementation RNCConnectionStateWatcher\n\nstatic void RNCReachabilityCallback(SCNetworkReachabilityRef target, SCNetworkReachabilityFlags flags, void *info)\n{\n}\n\n- (void)update:(SCNetworkReachabilityFlags)flags\n{\n}\n\n@end\n");
    expect(rows(r)).toEqual([
      "class RNCConnectionStateWatcher 1-11",
      "function RNCConnectionStateWatcher.RNCReachabilityCallback 3-5",
      "method RNCConnectionStateWatcher.update: 7-9",
    ]);
    expect(get(r, "RNCConnectionStateWatcher.RNCReachabilityCallback").exported).toBe(false);
  });
});

describe("objc: #define heads", () => {
  it("a comment after a macro's value is no part of its signature; `//` inside a string is (SMCalloutView.m)", async () => {
    const r = await inline("SMCalloutView.m", '#define TITLE_TOP 11 // the top of the title view when no subtitle is present\n#define HOME @"http://example.com" /* site */\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n');
    expect(get(r, "TITLE_TOP").signature).toBe("#define TITLE_TOP 11");
    expect(get(r, "HOME").signature).toBe('#define HOME @"http://example.com"');
    expect(get(r, "MAX").signature).toBe("#define MAX(a, b) ((a) > (b) ? (a) : (b))");
  });
});

describe("objc: exported", () => {
  const src = "@interface RNCConnectionStateWatcher () <NSURLSessionDataDelegate>\n@property (nonatomic) SCNetworkReachabilityFlags lastFlags;\n@end\n\n@implementation RNCConnectionStateWatcher\n- (void)update:(SCNetworkReachabilityFlags)flags\n{\n}\n@end\n";
  it("an `@interface` in a `.m` (a class extension, a private category) is internal with its members; the `@implementation` and a header's `@interface` are API", async () => {
    const m = await inline("RNCConnectionStateWatcher.m", src);
    expect(m.internal.map((e) => [e.name, e.startLine, e.exported, e.members?.map((x) => x.exported)])).toEqual([["RNCConnectionStateWatcher", 1, false, [false]]]);
    expect(m.api.map((e) => [e.name, e.startLine])).toEqual([["RNCConnectionStateWatcher", 5]]);
    const h = await inline("RNCConnectionStateWatcher.h", "#import <Foundation/Foundation.h>\n@interface RNCConnectionStateWatcher : NSObject\n@property (nonatomic) BOOL connected;\n@end\n");
    expect(h.api.map((e) => [e.name, e.exported, e.members?.map((x) => x.exported)])).toEqual([["RNCConnectionStateWatcher", true, [true]]]);
  });
});

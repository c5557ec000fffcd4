/**
 * Objective-C++ (`.mm`) and the Objective-C gaps of session 46: the C++ masked for the objc grammar
 * (namespaces as entries, templates, `::`, references, lambdas as blocks), conditionals between
 * methods, react-native's view-property macros, imports, blocks as callbacks, and which of a class's
 * `@interface` and `@implementation` a read shows — real parses of react-native-shaped code.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, lensAt, rows } from "../helpers.js";

const syntaxErrors = (r: { warnings?: string[] }) => r.warnings?.filter((w) => /syntax error/.test(w)) ?? [];

describe("objc: Objective-C++ (.mm)", () => {
  // (react-native-svg's RNSVGLine.mm and RNSkApplePlatformContext.mm, shortened.)
  const fabric = [
    "#import \"RNSVGLine.h\"", // 1
    "#import <react/renderer/components/rnsvg/ComponentDescriptors.h>",
    "",
    "using namespace facebook::react;",
    "",
    "@implementation RNSVGLine", // 6
    "- (instancetype)initWithFrame:(CGRect)frame",
    "{",
    "  if (self = [super initWithFrame:frame]) {",
    "    static const auto defaultProps = std::make_shared<const RNSVGLineProps>();", // 10
    "    _props = defaultProps;",
    "  }",
    "  return self;",
    "}",
    "", // 15
    "- (void)updateProps:(Props::Shared const &)props oldProps:(Props::Shared const &)oldProps",
    "{",
    "  const auto &newProps = static_cast<const RNSVGLineProps &>(*props);",
    "  for (const auto &item : newProps.items) {",
    "    [self add:item];", // 20
    "  }",
    "  dispatch_async(dispatch_get_main_queue(), [=]() { [self setNeedsDisplay]; });",
    "  [super updateProps:props oldProps:oldProps];",
    "}",
    "@end", // 25
    "",
    "namespace RNSkia {",
    "namespace {",
    "bool nearlyEqual(float a, float b) { return a == b; }",
    "} // namespace", // 30
    "",
    "template <typename T>",
    "class Holder : public Base {",
    "public:",
    "  Holder(T value) : _value(value) {}", // 35
    "private:",
    "  T _value;",
    "};",
    "",
    "std::vector<std::string> RNSkApplePlatformContext::getSystemFontFamilies() {", // 40
    "  std::vector<std::string> families{};",
    "  return families;",
    "}",
    "} // namespace RNSkia",
    "", // 45
  ].join("\n");

  it("is served: ObjC methods by their selectors, C++ namespaces as entries holding what they declare, no syntax errors", async () => {
    const r = await inline("RNSVGLine.mm", fabric);
    expect(r.language).toBe("objc");
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual([
      "class RNSVGLine 6-25",
      "method RNSVGLine.initWithFrame: 7-14",
      "method RNSVGLine.updateProps:oldProps: 16-24",
      "namespace RNSkia 27-44",
      "function RNSkia.nearlyEqual 29-29",
      "class RNSkia.Holder 32-38",
      "function RNSkia.RNSkApplePlatformContext::getSystemFontFamilies 40-43",
    ]);
    // (The heads are the real text: the masks are for the parser only.)
    expect(get(r, "RNSVGLine.updateProps:oldProps:").signature).toBe("- (void)updateProps:(Props::Shared const &)props oldProps:(Props::Shared const &)oldProps");
    expect(get(r, "RNSkia").signature).toBe("namespace RNSkia");
    expect(get(r, "RNSkia.RNSkApplePlatformContext::getSystemFontFamilies").signature).toBe("std::vector<std::string> RNSkApplePlatformContext::getSystemFontFamilies()");
  });

  it("an anonymous namespace's declarations are file-local; a C++ class is listed without members, said in a warning", async () => {
    const r = await inline("RNSVGLine.mm", fabric);
    expect(get(r, "RNSkia.nearlyEqual").exported).toBe(false);
    expect(get(r, "RNSkia.RNSkApplePlatformContext::getSystemFontFamilies").exported).toBe(true);
    expect(get(r, "RNSkia.Holder").signature).toBe("template <typename T> class Holder : public Base");
    expect(r.warnings).toContain("C++ class Holder (32-38): listed without members: the objc grammar reads no C++ class body (reading the class shows them)");
  });

  it("a lambda is a callback as a block is; imports are read", async () => {
    const r = await inline("RNSVGLine.mm", fabric);
    expect(r.callbacks.map((c) => `${c.kind} ${c.name}`)).toEqual(["task dispatch_async@22"]);
    expect(r.imports).toEqual({ internal: ["RNSVGLine.h"], external: ["react/renderer/components/rnsvg/ComponentDescriptors.h"] });
  });

  it("a read finds a C++ member defined out of line by its own name and by `Class::name`", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-objcpp-"));
    const file = join(dir, "RNSVGLine.mm");
    writeFileSync(file, fabric);
    const lens = await lensAt(dir);
    for (const name of ["getSystemFontFamilies", "RNSkApplePlatformContext::getSystemFontFamilies"]) {
      const hit = await lens.readSymbol(file, name);
      expect([hit.found, hit.startLine, hit.endLine]).toEqual([true, 40, 43]);
    }
  });
});

describe("objc: Objective-C++ headers (generated TurboModule specs)", () => {
  it("an inline member defined out of line with its `const` is read; the `} // namespace x` comment before it is no doc of it", async () => {
    const r = await inline("RNMapsSpecs.h", [
      "#import <Foundation/Foundation.h>",
      "namespace facebook::react {",
      "  class JSI_EXPORT NativeAirMapsModuleSpecJSI : public ObjCTurboModule {",
      "  public:",
      "    NativeAirMapsModuleSpecJSI(const ObjCTurboModule::InitParams &params);", // 5
      "  };",
      "} // namespace facebook::react",
      "inline double JS::NativeAirMapsModule::LatLng::latitude() const",
      "{",
      "  id const p = _v[@\"latitude\"];", // 10
      "  return RCTBridgingToDouble(p);",
      "}",
    ].join("\n"));
    expect(r.language).toBe("objc");
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual(["namespace facebook::react 2-7", "class facebook::react.NativeAirMapsModuleSpecJSI 3-6", "function JS::NativeAirMapsModule::LatLng::latitude 8-12"]);
    expect(get(r, "JS::NativeAirMapsModule::LatLng::latitude").doc).toBeUndefined();
  });
});

describe("objc: conditionals and macros between methods", () => {
  it("`#ifdef` around methods of an @implementation: every branch's methods are read (they were lost)", async () => {
    const r = await inline("RNSVGCircle.m", [
      "@implementation RNSVGCircle",
      "#ifdef RCT_NEW_ARCH_ENABLED",
      "+ (void)load",
      "{",
      "  [super load];", // 5
      "}",
      "#else",
      "- (void)legacy",
      "{",
      "}", // 10
      "#endif",
      "- (void)draw",
      "{",
      "}",
      "@end", // 15
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual(["class RNSVGCircle 1-15", "method RNSVGCircle.load 3-6", "method RNSVGCircle.legacy 8-10", "method RNSVGCircle.draw 12-14"]);
  });

  it("a conditional splitting a method's head is read as one configuration, the head its first branch (REAPseudoSelectorObserver.mm)", async () => {
    const r = await inline("REAPseudoSelectorObserver.m", [
      "#if !TARGET_OS_OSX",
      "@interface REAPseudoSelectorObserver () <UIGestureRecognizerDelegate>",
      "#else",
      "@interface REAPseudoSelectorObserver () <NSGestureRecognizerDelegate>",
      "#endif", // 5
      "- (void)detach;",
      "@end",
      "",
      "@implementation REAPseudoSelectorObserver",
      "#if !TARGET_OS_OSX", // 10
      "- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer",
      "#else",
      "- (BOOL)gestureRecognizerShouldBegin:(NSGestureRecognizer *)gestureRecognizer",
      "#endif",
      "{", // 15
      "  return YES;",
      "}",
      "- (void)detach",
      "{",
      "}", // 20
      "@end",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual([
      "class REAPseudoSelectorObserver 2-7",
      "method REAPseudoSelectorObserver.detach 6-6",
      "class REAPseudoSelectorObserver 9-21",
      "method REAPseudoSelectorObserver.gestureRecognizerShouldBegin: 11-17",
      "method REAPseudoSelectorObserver.detach 18-20",
    ]);
    expect(r.api.find((e) => e.startLine === 9)!.members!.find((m) => m.startLine === 11)!.signature).toBe("- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer");
  });

  it("annotation and statement macro lines without `;`, `__has_include(\"x.h\")`, `26_0` in `#if`, a member named `id` make no error regions", async () => {
    const r = await inline("RNCWebView.mm", [
      "#if __has_include(\"RNCWebView-Swift.h\")",
      "#import \"RNCWebView-Swift.h\"",
      "#endif",
      "#if RNS_IPHONE_OS_VERSION_AVAILABLE(26_0)",
      "#define HAS_26 1", // 5
      "#endif",
      "@implementation RNCWebView",
      "RNS_IGNORE_SUPER_CALL_BEGIN",
      "- (void)updateProps:(id)props",
      "{", // 10
      "    REMAP_WEBVIEW_PROP(scrollEnabled)",
      "    Touch t = { .id = touch.id };",
      "}",
      "RNS_IGNORE_SUPER_CALL_END",
      "- (void)reload", // 15
      "{",
      "}",
      "@end",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual(["macro HAS_26 5-5", "class RNCWebView 7-18", "method RNCWebView.updateProps: 9-13", "method RNCWebView.reload 15-17"]);
  });
});

describe("objc: docs", () => {
  it("a method of an @implementation keeps the `///` comment above it (its node is wrapped: the comment had been lost)", async () => {
    const r = await inline("Counter.m", "@implementation Counter\n/// The process-wide counter.\n+ (instancetype)shared\n{\n  return nil;\n}\n@end\n");
    expect(get(r, "Counter.shared").doc).toBe("The process-wide counter.");
  });
});

describe("objc: react-native macros that declare", () => {
  it("view properties are properties of the manager, in an @implementation and in a Swift manager's @interface (named by the module, not the macro)", async () => {
    const r = await inline("RNCPickerManager.m", [
      "@implementation RNCPickerManager",
      "RCT_EXPORT_MODULE()",
      "RCT_EXPORT_VIEW_PROPERTY(items, NSArray<NSDictionary *>)",
      "RCT_REMAP_VIEW_PROPERTY(mode, datePickerMode, UIDatePickerMode)",
      "RCT_EXPORT_SHADOW_PROPERTY(date, NSDate);", // 5
      "RCT_CUSTOM_VIEW_PROPERTY(fontSize, NSNumber, RNCPicker)",
      "{",
      "  view.font = json;",
      "}",
      "@end", // 10
      "@interface RCT_EXTERN_MODULE(LottieAnimationView, RCTViewManager)",
      "RCT_EXPORT_VIEW_PROPERTY(loop, BOOL);",
      "@end",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    expect(rows(r)).toEqual([
      "class RNCPickerManager 1-10",
      "property RNCPickerManager.items 3-3",
      "property RNCPickerManager.mode 4-4",
      "property RNCPickerManager.date 5-5",
      "property RNCPickerManager.fontSize 6-9",
      "class LottieAnimationView 11-13",
      "property LottieAnimationView.loop 12-12",
    ]);
    expect(get(r, "RNCPickerManager.items").signature).toBe("RCT_EXPORT_VIEW_PROPERTY(items, NSArray<NSDictionary *>)");
    expect(get(r, "RNCPickerManager.fontSize").signature).toBe("RCT_CUSTOM_VIEW_PROPERTY(fontSize, NSNumber, RNCPicker)");
  });

  it("`RCT_ENUM_CONVERTER(T, (@{…}), …)` over lines is the method `T:`; the @implementation after it is read (RNDateTimePickerManager.m)", async () => {
    const r = await inline("RNDateTimePickerManager.m", [
      "@implementation RCTConvert(UIDatePicker)",
      "RCT_ENUM_CONVERTER(UIDatePickerMode, (@{",
      "    @\"time\": @(UIDatePickerModeTime),",
      "    @\"date\": @(UIDatePickerModeDate),",
      "}), UIDatePickerModeTime, integerValue)", // 5
      "RCT_ENUM_CONVERTER(",
      "    RNSVGUnits,",
      "    (@{@\"objectBoundingBox\" : @(kRNSVGUnitsObjectBoundingBox)}),",
      "    kRNSVGUnitsObjectBoundingBox,",
      "    intValue)", // 10
      "@end",
      "",
      "@implementation RNDateTimePickerManager",
      "- (UIView *)view",
      "{", // 15
      "  return nil;",
      "}",
      "@end",
    ].join("\n"));
    expect(syntaxErrors(r)).toEqual([]);
    // (The name on a line of its own: the lines after it keep their numbers.)
    expect(rows(r)).toEqual(["class RCTConvert 1-11", "method RCTConvert.UIDatePickerMode: 2-5", "method RCTConvert.RNSVGUnits: 6-10", "class RNDateTimePickerManager 13-18", "method RNDateTimePickerManager.view 14-17"]);
    expect(get(r, "RCTConvert.UIDatePickerMode:").signature).toBe("RCT_ENUM_CONVERTER(UIDatePickerMode, …)");
  });
});

describe("objc: imports, blocks, reads", () => {
  it("`#import \"x.h\"` is internal and resolved to the file; `<…>` and `@import` modules are external", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-objc-imports-"));
    mkdirSync(join(dir, "ios"));
    writeFileSync(join(dir, "ios", "EXLocation.h"), "@interface EXLocation : NSObject\n@end\n");
    writeFileSync(join(dir, "ios", "EXLocation.m"), "#import \"EXLocation.h\"\n#import \"Missing.h\"\n#import <Foundation/Foundation.h>\n@import CoreLocation;\n@import Foo.Bar;\n\n@implementation EXLocation\n@end\n");
    const lens = await lensAt(dir);
    const r = await lens.moduleReport(join(dir, "ios", "EXLocation.m"));
    // (A resolved import by its file.)
    expect(r.imports).toEqual({ internal: ["ios/EXLocation.h", "Missing.h"], external: ["Foundation/Foundation.h", "CoreLocation", "Foo.Bar"] });
    expect(r.provenance.imports).toBe("tree-sitter (generic pack)");
    const json = await lens.analyze(join(dir, "ios", "EXLocation.m"));
    expect(json.imports.map((i) => [i.source, i.resolved ?? null])).toEqual([["EXLocation.h", "ios/EXLocation.h"], ["Missing.h", null], ["Foundation/Foundation.h", null], ["CoreLocation", null], ["Foo.Bar", null]]);
  });

  it("blocks are callbacks: GCD's tasks, completion handlers and event handlers by the selector keyword before them, other blocks", async () => {
    const r = await inline("EXSessionTask.m", [
      "@implementation EXSessionTask",
      "- (void)start",
      "{",
      "  dispatch_async(dispatch_get_main_queue(), ^{",
      "    [self finish];", // 5
      "  });",
      "  [session dataTaskWithURL:url completionHandler:^(NSData *data, NSURLResponse *r, NSError *e) {",
      "    NSLog(@\"done\");",
      "  }];",
      "  [center addObserverForName:n object:nil queue:nil usingBlock:^(NSNotification *note) { }];", // 10
      "  [items enumerateObjectsUsingBlock:^(id obj, NSUInteger i, BOOL *stop) { }];",
      "  void (^done)(void) = ^{ };",
      "}",
      "@end",
    ].join("\n"));
    expect(r.callbackSupport).toBe("tuned");
    expect(r.callbacks.map((c) => `${c.kind} ${c.name} ${c.startLine}-${c.endLine}`)).toEqual([
      "task dispatch_async@4 4-6",
      "completion_handler completionHandler@7 7-9",
      "event_handler usingBlock@10 10-10",
      "block enumerateObjectsUsingBlock@11 11-11",
      "callback callback@12 12-12",
    ]);
    expect(r.callbacks[1]!.signature).toBe("^(NSData *data, NSURLResponse *r, NSError *e)");
    expect(r.callbacks[0]!.parentChain).toEqual(["EXSessionTask", "start"]);
  });

  it("a read of a class shows its @implementation, not the class extension before it; a method its definition, not its declaration", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pilens-objc-read-"));
    const file = join(dir, "RNCConnectionStateWatcher.m");
    writeFileSync(file, [
      "@interface RNCConnectionStateWatcher ()",
      "@property (nonatomic) int state;",
      "- (void)update;",
      "@end",
      "", // 5
      "@implementation RNCConnectionStateWatcher",
      "- (void)update",
      "{",
      "}",
      "@end", // 10
    ].join("\n"));
    const lens = await lensAt(dir);
    const cls = await lens.readSymbol(file, "RNCConnectionStateWatcher");
    expect([cls.found, cls.startLine, cls.endLine]).toEqual([true, 6, 10]);
    expect(cls.note).toMatch(/^2 symbols match RNCConnectionStateWatcher; showing RNCConnectionStateWatcher class 6-10, the definition \(RNCConnectionStateWatcher@1 declares it\) — others: RNCConnectionStateWatcher@1 \(class 1-4/);
    const method = await lens.readSymbol(file, "update");
    expect([method.found, method.startLine, method.endLine]).toEqual([true, 7, 9]);
    const iface = await lens.readSymbol(file, "RNCConnectionStateWatcher@1");
    expect([iface.found, iface.startLine, iface.endLine]).toEqual([true, 1, 4]);
  });
});

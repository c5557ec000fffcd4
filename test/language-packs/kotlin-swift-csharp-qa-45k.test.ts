/**
 * QA 45k: the Kotlin, Swift and C# packs on react-native / expo / react-native-windows / Azure.Core
 * native sources — shapes the bundled grammars lost, real parses.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineReport as inline, entryAt as get, lensAt, rows } from "../helpers.js";

describe("kotlin class heads", () => {
  it("a delegation `L by impl {` across lines keeps the class, its members and what follows (react-native-screens)", async () => {
    const r = await inline(
      "Layout.kt",
      "class ScreensCoordinatorLayout(\n    context: Context,\n    private val pointerEventsImpl: ReactPointerEventsView,\n) : CoordinatorLayout(context),\n    ReactPointerEventsView by pointerEventsImpl {\n    constructor(context: Context) : this(context, PointerEventsBoxNoneImpl())\n\n    fun startAnimation() {}\n    val y = 2\n}\n\nfun after() {}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual([
      "class ScreensCoordinatorLayout 1-10",
      "property ScreensCoordinatorLayout.pointerEventsImpl 3-3",
      "constructor ScreensCoordinatorLayout.constructor 6-6",
      "method ScreensCoordinatorLayout.startAnimation 8-8",
      "property ScreensCoordinatorLayout.y 9-9",
      "function after 12-12",
    ]);
    expect(get(r, "ScreensCoordinatorLayout").signature).toBe(
      "class ScreensCoordinatorLayout(context: Context, private val pointerEventsImpl: ReactPointerEventsView) : CoordinatorLayout(context), ReactPointerEventsView…",
    );
    expect(r.callbacks).toEqual([]);
  });

  it("a delegation on the head's line: the signature stops at the body, a secondary constructor is kept", async () => {
    const r = await inline("Single.kt", "class OnSecond(private val impl: Listener) : Base(), Listener by impl {\n    constructor() : this(X())\n    fun start() {}\n}\n\nval lazyOne by lazy { 1 }\n");
    expect(get(r, "OnSecond").signature).toBe("class OnSecond(private val impl: Listener) : Base(), Listener by impl");
    expect(get(r, "OnSecond.constructor").startLine).toBe(2);
    expect(get(r, "OnSecond.start").kind).toBe("method");
    // a property delegate is no class delegation
    expect(get(r, "lazyOne").signature).toBe("val lazyOne by lazy {…}");
  });

  it("a primary constructor on the line after the class name keeps the class body (lottie-react-native)", async () => {
    const r = await inline(
      "Event.kt",
      "class OnAnimationFailureEvent\nconstructor(surfaceId: Int, viewId: Int, private val error: Throwable) :\n    Event<OnAnimationFailureEvent>(surfaceId, viewId) {\n\n    override fun getEventName(): String = EVENT_NAME\n\n    companion object {\n        const val EVENT_NAME = \"topAnimationFailure\"\n    }\n}\n\nfun after() {}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    const c = get(r, "OnAnimationFailureEvent");
    expect([c.startLine, c.endLine]).toEqual([1, 10]);
    expect(c.signature).toBe("class OnAnimationFailureEvent constructor(surfaceId: Int, viewId: Int, private val error: Throwable) : Event<OnAnimationFailureEvent>(surfaceId, viewId)");
    expect(get(r, "OnAnimationFailureEvent.getEventName").kind).toBe("method");
    expect(get(r, "OnAnimationFailureEvent.Companion.EVENT_NAME").kind).toBe("constant");
    expect(get(r, "after").kind).toBe("function");
    expect(r.callbacks).toEqual([]);
  });
});

describe("swift 5.9–6 forms", () => {
  it("`~Copyable` in an inheritance clause or constraint keeps the type and its members (expo-modules-core)", async () => {
    const r = await inline(
      "Conv.swift",
      "/// A protocol for arguments.\npublic protocol AnyArgument: ~Copyable {\n  static func getDynamicType() -> Int\n}\n\npublic struct MainValueConverter: ~Copyable {\n  public func toJS() {}\n}\n\nopen class GenericException<ParamType: ~Copyable>: Exception, @unchecked Sendable {\n  public let param: ParamType\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual([
      "protocol AnyArgument 2-4",
      "method AnyArgument.getDynamicType 3-3",
      "struct MainValueConverter 6-8",
      "method MainValueConverter.toJS 7-7",
      "class GenericException 10-12",
      "property GenericException.param 11-11",
    ]);
    expect(get(r, "AnyArgument").signature).toBe("public protocol AnyArgument: ~Copyable");
    expect(get(r, "AnyArgument").doc).toBe("A protocol for arguments.");
    expect(get(r, "GenericException").signature).toBe("open class GenericException<ParamType: ~Copyable>: Exception, @unchecked Sendable");
    expect(get(r, "MainValueConverter.toJS").exported).toBe(true);
    expect(r.callbacks).toEqual([]);
  });

  it("`nonisolated(unsafe)`, `sending` and typed `throws(E)` parse; the signatures keep them", async () => {
    const r = await inline(
      "Box.swift",
      "internal class Box<VarType>: @unchecked Sendable {\n  nonisolated(unsafe) var value: VarType\n  init(_ value: VarType) { self.value = value }\n  func emit<P>(event: String, payload: consuming sending P) {}\n  static func make() throws(BoxError) -> sending Box {\n    fatalError()\n  }\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual(["class Box 1-8", "property Box.value 2-2", "constructor Box.init 3-3", "method Box.emit 4-4", "method Box.make 5-7"]);
    expect(get(r, "Box.value").signature).toBe("nonisolated(unsafe) var value: VarType");
    expect(get(r, "Box.emit").signature).toBe("func emit<P>(event: String, payload: consuming sending P)");
    expect(get(r, "Box.make").signature).toBe("static func make() throws(BoxError) -> sending Box");
  });
});

describe("c# shapes", () => {
  it("`async` as a parameter's name is no modifier: the file keeps its namespace and class (Azure.Core.Shared)", async () => {
    const r = await inline(
      "Poller.cs",
      "namespace Azure.Core\n{\n    internal sealed class OperationPoller\n    {\n        private readonly DelayStrategy _delayStrategy;\n\n        private async ValueTask<Response> WaitAsync(bool async, Operation operation)\n        {\n            Response response = async ? await operation.UpdateStatusAsync().ConfigureAwait(false) : operation.UpdateStatus();\n            await Delay(async, operation).ConfigureAwait(false);\n            return response;\n        }\n\n        private static async ValueTask Delay(bool async, TimeSpan delay)\n        {\n            if (async)\n            {\n                await Task.Delay(delay).ConfigureAwait(false);\n            }\n            else if (!async && delay.Ticks > 0)\n            {\n                Thread.Sleep(delay);\n            }\n            else\n            {\n                Other(async: true);\n            }\n        }\n\n        public void After() { }\n    }\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace Azure.Core 1-32",
      "class Azure.Core.OperationPoller 3-31",
      "field Azure.Core.OperationPoller._delayStrategy 5-5",
      "method Azure.Core.OperationPoller.WaitAsync 7-12",
      "method Azure.Core.OperationPoller.Delay 14-28",
      "method Azure.Core.OperationPoller.After 30-30",
    ]);
    const d = get(r, "Azure.Core.OperationPoller.Delay");
    expect(d.signature).toBe("private static async ValueTask Delay(bool async, TimeSpan delay)");
    expect(d.flags).toContain("async");
  });

  it("`async` as a name that ends its line (`var response = async` ⏎ `? await … : …`, Azure.Core.Shared's OperationInternalBase) is no modifier either: no syntax error is said", async () => {
    const src = "namespace Azure.Core\n{\n    internal abstract class OperationInternalBase\n    {\n        protected async ValueTask<Response> WaitForCompletionResponseAsync(bool async, TimeSpan? pollingInterval)\n        {\n            var poller = new OperationPoller();\n            var response = async\n                ? await poller.WaitAsync(this).ConfigureAwait(false)\n                : poller.Wait(this);\n            return response;\n        }\n\n        public void After() { }\n    }\n}\n";
    const r = await inline("OperationInternalBase.cs", src);
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual([
      "namespace Azure.Core 1-16",
      "class Azure.Core.OperationInternalBase 3-15",
      "method Azure.Core.OperationInternalBase.WaitForCompletionResponseAsync 5-12",
      "method Azure.Core.OperationInternalBase.After 14-14",
    ]);
  });

  it("preprocessor lines in a head are no part of its signature; an #else branch's head is left out", async () => {
    const r = await inline(
      "Heads.cs",
      "namespace N\n{\n#pragma warning disable SA1649 // File name should match first type name\n    internal class ResponseWithHeaders<THeaders>\n#pragma warning restore SA1649 // File name should match first type name\n    {\n    }\n\n#if WINDOWS_UWP\n    public class BorderedCanvas : Canvas, IAccessible\n#else\n    public class BorderedCanvas : Canvas\n#endif\n    {\n        public BorderedCanvas(ViewManagerRegistry viewManagers,\n#if WINDOWS_UWP\n            CoreDispatcher dispatcher)\n#else\n            Dispatcher dispatcher)\n#endif\n        {\n        }\n    }\n}\n",
    );
    expect(get(r, "N.ResponseWithHeaders").signature).toBe("internal class ResponseWithHeaders<THeaders>");
    expect(get(r, "N.BorderedCanvas").signature).toBe("public class BorderedCanvas : Canvas, IAccessible");
    expect(get(r, "N.BorderedCanvas.BorderedCanvas").signature).toBe("public BorderedCanvas(ViewManagerRegistry viewManagers, CoreDispatcher dispatcher)");
  });

  it("a CRLF file's directive lines with a comment leave the signature too", async () => {
    const r = await inline("Crlf.cs", "namespace N\r\n{\r\n#pragma warning disable SA1649 // File name should match first type name\r\n    internal class ResponseWithHeaders<THeaders>\r\n#pragma warning restore SA1649 // File name should match first type name\r\n    {\r\n    }\r\n}\r\n");
    expect(get(r, "N.ResponseWithHeaders").signature).toBe("internal class ResponseWithHeaders<THeaders>");
  });
});

describe("a property's block folded when the signature's clip cut it", () => {
  it("kotlin `by lazy { if … }` over 160 characters is `by lazy {…}` (expo-media-library)", async () => {
    const r = await inline(
      "Module.kt",
      "class MediaLibraryModule : Module() {\n  private val allowedPermissionsList by lazy {\n    if (isExpoGo) {\n      listOf(GranularPermission.AUDIO)\n    } else {\n      getManifestDeclaredPermissions(context, listOf(GranularPermission.PHOTO, GranularPermission.VIDEO, GranularPermission.AUDIO))\n    }\n  }\n}\n",
    );
    expect(get(r, "MediaLibraryModule.allowedPermissionsList").signature).toBe("private val allowedPermissionsList by lazy {…}");
  });

  it("swift `didSet { guard … }` over 160 characters is `{…}` (expo-image)", async () => {
    const r = await inline(
      "View.swift",
      "public final class ImageView: ExpoView {\n  public override var bounds: CGRect {\n    didSet {\n      guard oldValue.size != bounds.size && bounds.size != .zero else { return }\n      renderSourceImage(sdImageView.image)\n      updateTheWholeLayoutOfTheViewAfterTheBoundsChanged()\n    }\n  }\n}\n",
    );
    expect(get(r, "ImageView.bounds").signature).toBe("public override var bounds: CGRect {…}");
  });
});

describe("kotlin `fun interface` docs", () => {
  it("a `fun interface`'s KDoc is its doc, and its read starts at the comment (expo-modules-core)", async () => {
    const src = "package a\n\n/**\n * Listener for receiving a callback. More.\n */\nfun interface OnActivityAvailableListener {\n  fun onActivityAvailable(activity: Int)\n}\n";
    const r = await inline("L.kt", src);
    const e = get(r, "OnActivityAvailableListener");
    expect([e.kind, e.startLine, e.signature, e.doc]).toEqual(["interface", 6, "fun interface OnActivityAvailableListener", "Listener for receiving a callback."]);
    const dir = mkdtempSync(join(tmpdir(), "pilens-funiface-"));
    writeFileSync(join(dir, "L.kt"), src);
    const read = await (await lensAt(dir)).readSymbol(join(dir, "L.kt"), "OnActivityAvailableListener");
    expect(read.startLine).toBe(3);
    expect(read.source?.split("\n")[0]).toBe("/**");
  });
});

describe("kotlin statements opening their line with `(`", () => {
  it("`(params as LayoutParams).behavior =` after a statement is a statement of its own (react-native-screens)", async () => {
    const r = await inline(
      "Fragment.kt",
      "class ScreenStackFragment : Fragment() {\n    override fun setToolbarTranslucent(translucent: Boolean) {\n        if (isToolbarTranslucent != translucent) {\n            if (!screen.usesFormSheetPresentation()) {\n                val params = screen.layoutParams\n                (params as CoordinatorLayout.LayoutParams).behavior =\n                    if (translucent) null else ScrollingViewBehavior()\n            } else {\n                log(\"skip\")\n            }\n            isToolbarTranslucent = translucent\n        }\n    }\n\n    fun onContainerUpdate() {\n        val b = binding\n        (b.accountNumberEditText as StripeEditText).textSize = 1f\n    }\n\n    companion object {\n        private const val TAG = \"ScreenStackFragment\"\n    }\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual([
      "class ScreenStackFragment 1-23",
      "method ScreenStackFragment.setToolbarTranslucent 2-13",
      "method ScreenStackFragment.onContainerUpdate 15-18",
      "object ScreenStackFragment.Companion 20-22",
      "constant ScreenStackFragment.Companion.TAG 21-21",
    ]);
  });

  it("a primary constructor's parameter list on the next line is left alone", async () => {
    const r = await inline("Head.kt", "class Point\n    (val x: Int, val y: Int) {\n    fun sum() = x + y\n}\n\nfun f() {\n    g(1)\n    (h as T).z = 2\n}\n");
    expect(get(r, "Point.x").kind).toBe("property");
    expect(get(r, "Point.sum").kind).toBe("method");
    expect(get(r, "f").endLine).toBe(9);
  });
});

describe("swift: `nonisolated(unsafe)` locals and members, raw identifiers", () => {
  it("a local `nonisolated(unsafe) let` parses; a member keeps the modifier in its signature and its doc", async () => {
    const r = await inline(
      "Registry.swift",
      "public final class LegacyModuleRegistry {\n  /// Shared singleton instance\n  nonisolated(unsafe) public static let shared = LegacyModuleRegistry()\n\n  func load() {\n    nonisolated(unsafe) let image = makeImage()\n    use(image)\n  }\n}\n\nnonisolated(unsafe) private let cssNumber = 1\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    const s = get(r, "LegacyModuleRegistry.shared");
    expect([s.signature, s.doc, s.exported]).toEqual(["nonisolated(unsafe) public static let shared = LegacyModuleRegistry()", "Shared singleton instance", true]);
    expect(get(r, "LegacyModuleRegistry.load").endLine).toBe(8);
    const c = get(r, "cssNumber");
    expect([c.kind, c.signature]).toEqual(["constant", "nonisolated(unsafe) private let cssNumber = 1"]);
  });

  it("swift-testing's raw identifiers (``func `emit: no payload`()``) are methods of their extension", async () => {
    const r = await inline(
      "Bench.swift",
      "extension Benchmarks {\n  @Test\n  func `emit: no payload`() async throws {\n    try await run { 1 }\n  }\n\n  @Test\n  func `emit: Int payload, 100 modules`() {}\n\n  func plain() {}\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual(["extension Benchmarks 1-11", "method Benchmarks.`emit: no payload` 2-5", "method Benchmarks.`emit: Int payload, 100 modules` 7-8", "method Benchmarks.plain 10-10"]);
    expect(get(r, "Benchmarks.`emit: no payload`").signature).toBe("func `emit: no payload`() async throws");
    expect(get(r, "Benchmarks.plain").kind).toBe("method");
  });
});

describe("kotlin `..<`", () => {
  it("a rangeUntil loop parses (expo-modules-core)", async () => {
    const r = await inline("Range.kt", "class A {\n  fun f(size: Int) {\n    for (i in 0..<size) {\n      println(i)\n    }\n    val p = (0..<size).map { it }\n  }\n  fun g() {}\n}\n");
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual(["class A 1-9", "method A.f 2-7", "method A.g 8-8"]);
  });
});

describe("kotlin: a property's delegate on the next line", () => {
  it("`override var menu: Config` ⏎ `by Delegates.observable(…) { … }` keeps the class's later members (react-native-screens)", async () => {
    const r = await inline(
      "Header.kt",
      "internal class C(val reactContext: Ctx) : ViewGroup(reactContext) {\n    override var toolbarMenu: MenuConfig\n        by Delegates.observable(MenuConfig(emptyList())) { _, old, new ->\n            if (old != new) invalidate(1)\n        }\n        internal set\n\n    override var enabled: Boolean by Delegates.observable(false) { _, old, new ->\n        if (old != new) invalidate(2)\n    }\n\n    fun f() {}\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual(["class C 1-13", "property C.reactContext 1-1", "property C.toolbarMenu 2-6", "property C.enabled 8-10", "method C.f 12-12"]);
    expect(get(r, "C.toolbarMenu").signature).toBe("override var toolbarMenu: MenuConfig by Delegates.observable(MenuConfig(emptyList())) {…}");
  });
});

describe("c# conditionals that split a declaration or a statement", () => {
  it("`#if` head `#else` head `#endif` body is one method with its body; CRLF too (react-native-windows)", async () => {
    const src = "namespace N\n{\n    class C\n    {\n#if WINDOWS_UWP\n        private void OnKeyDown(object sender, KeyRoutedEventArgs e)\n#else\n        private void OnKeyDown(object sender, KeyEventArgs e)\n#endif\n        {\n            if (sender == e.OriginalSource) Handle(e);\n        }\n\n        public void After() { }\n    }\n}\n";
    for (const text of [src, src.replace(/\n/g, "\r\n")]) {
      const r = await inline("Manager.cs", text);
      expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
      expect(rows(r)).toEqual(["namespace N 1-16", "class N.C 3-15", "method N.C.OnKeyDown 6-12", "method N.C.After 14-14"]);
      expect(get(r, "N.C.OnKeyDown").signature).toBe("private void OnKeyDown(object sender, KeyRoutedEventArgs e)");
    }
  });

  it("a condition's last operand under `#if`/`#else` keeps the rest of the class in it", async () => {
    const r = await inline(
      "Node.cs",
      "namespace N\n{\n    public class ShadowNode\n    {\n        public void SetFontWeight(string v)\n        {\n            if (_a.HasValue != b.HasValue ||\n                (_a.HasValue && b.HasValue &&\n#if WINDOWS_UWP\n                _a.Value.Weight != b.Value.Weight))\n#else\n                _a.Value.ToOpenTypeWeight() != b.Value.ToOpenTypeWeight()))\n#endif\n            {\n                Mark();\n            }\n        }\n\n        public void SetFontStyle(string v) { }\n    }\n}\n",
    );
    expect(r.warnings?.filter((w) => /syntax error/.test(w)) ?? []).toEqual([]);
    expect(rows(r)).toEqual(["namespace N 1-21", "class N.ShadowNode 3-20", "method N.ShadowNode.SetFontWeight 5-17", "method N.ShadowNode.SetFontStyle 19-19"]);
  });
});

describe("a half-typed edit's notes", () => {
  it("two stray `)` of one line are one note that counts them, not the same note twice (C#, JS)", async () => {
    const cs = await inline("Dup.cs", "namespace N\n{\n    class C\n    {\n        void F()\n        {\n            if (a &&\n                b)))\n            {\n                G();\n            }\n        }\n\n        void H() { }\n    }\n}\n");
    const js = await inline("dup.js", "function f(a) {\n  if (a &&\n    b))) {\n    g();\n  }\n}\nfunction h() {}\n");
    expect(cs.warnings?.filter((w) => /closes? nothing/.test(w))).toEqual(["syntax error: the 2 `)` on line 8 close nothing: read without them"]);
    expect(js.warnings?.filter((w) => /closes? nothing/.test(w))).toEqual(["syntax error: the 2 `)` on line 3 close nothing: read without them"]);
    expect(get(cs, "N.C.H").kind).toBe("method");
  });
});

describe("c/c++: a CRLF file reads as its LF twin", () => {
  it("conditionals that split a declaration, comments ending a line, lone macro lines (react-native-windows' C++)", async () => {
    const lf =
      "namespace N {\nMSO_STRUCT_GUID(IUnknown, \"00000000-0000-0000-C000-000000000046\")\n\n#ifndef __LP64__\ntypedef long HRESULT;\n#else\ntypedef int HRESULT;\n#endif\n\nclass C {\n public:\n  int x; // a count\n#if defined(UWP)\n  void OnKeyDown(int sender, KeyRoutedEventArgs e)\n#else\n  void OnKeyDown(int sender, KeyEventArgs e)\n#endif\n  {\n    Handle(e);\n  }\n  void After() {}\n};\n}\n";
    const a = await inline("shim_lf.h", lf);
    const b = await inline("shim_crlf.h", lf.replace(/\n/g, "\r\n"));
    expect(rows(a)).toContain("method N.C.OnKeyDown 14-20");
    expect(rows(b)).toEqual(rows(a));
    expect(b.warnings?.filter((w) => /syntax error|configuration/.test(w))).toEqual(a.warnings?.filter((w) => /syntax error|configuration/.test(w)));
  });
});

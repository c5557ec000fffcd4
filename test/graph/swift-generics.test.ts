/**
 * Swift's generic parameters bind their names inside their declaration (core/graph/bindings.ts, link.ts
 * boundIn → bound-in.ts): `class PropertyDefinition<OwnerType>: ClassDefinitionElement` uses its own
 * `OwnerType`, not the protocol's `associatedtype OwnerType` found as an inherited member — the shapes
 * of expo-modules-core's PropertyDefinition.swift and SwiftUIVirtualView.swift —, while a protocol's
 * primary associated type (`protocol ExpoSwiftUIView<Props>`) is no parameter, and a conforming type
 * without one still names the associated type. And a label in a function type (`(_ resolve: …) -> Void`,
 * react-native-vision-camera's AVCaptureDevice+withLock.swift) is no reference to a member `resolve`.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const VIEWS: Record<string, string> = {
  "ios/ViewDefinition.swift": `public protocol ExpoView<Props>: AnyChild {
  associatedtype Props: ViewProps

  var props: Props { get }

  init(props: Props)
}
`,
  "ios/VirtualView.swift": `final class VirtualView<Props: ViewProps, Content: View<Props>>: NSObject, ExpoView {
  let props: Props

  init(props: Props) {
    self.props = props
  }

  func get<ReturnType>(_ getter: @escaping (_ this: Props) -> ReturnType) -> ReturnType {
    return getter(props)
  }
}

final class PlainView: NSObject, ExpoView {
  var props: Props

  init(props: Props) {
    self.props = props
  }
}
`,
};

describe("Swift: a generic parameter binds its name inside its declaration", () => {
  it("a type's generic parameter named like a supertype protocol's associatedtype is no use of it; the protocol's and a plain conformer's are", async () => {
    const uses = await usedByLines(VIEWS, "ios/ViewDefinition.swift", "ExpoView.Props");
    // (The protocol's own, and PlainView's: VirtualView.swift binds `Props` in VirtualView alone.)
    expect(uses.map(([f, sym]) => `${f} ${sym}`).sort()).toEqual(["ios/ViewDefinition.swift ExpoView", "ios/ViewDefinition.swift ExpoView.init", "ios/ViewDefinition.swift ExpoView.props", "ios/VirtualView.swift PlainView.init", "ios/VirtualView.swift PlainView.props"]);
  });

  it("a function's generic parameter binds inside the function only", async () => {
    const files = {
      "Sources/Element.swift": `public protocol Element {\n  associatedtype OwnerType\n}\n`,
      "Sources/Builder.swift": `struct Builder: Element {\n  func make<OwnerType>(_ owner: OwnerType) -> OwnerType {\n    return owner\n  }\n\n  func owner() -> OwnerType? {\n    return nil\n  }\n}\n`,
    };
    // (`make`'s own on line 2; `owner()`'s, on line 6, is the associated type.)
    expect(await usedByLines(files, "Sources/Element.swift", "Element.OwnerType")).toEqual([["Sources/Builder.swift", "Builder.owner", 6]]);
  });
});

describe("Swift: a label in a function or tuple type is no reference", () => {
  it("`(_ resolve: () -> Void) -> Void` does not use a member `resolve` of the type's other part; a call of it does, an unlabelled item's type is a use", async () => {
    const u = await usedBy({
      "ios/AVCaptureDevice+resolve.swift": `import AVFoundation\n\nextension AVCaptureDevice {\n  func resolve() -> Int { 1 }\n}\n\nstruct Token {}\n`,
      "ios/AVCaptureDevice+withLock.swift": `import AVFoundation\n\nextension AVCaptureDevice {\n  func withLock(\n    _ closure: @escaping (\n      _ resolve: @escaping () -> Void,\n      _ reject: @escaping (Token) -> Void\n    ) throws -> Void\n  ) {}\n}\n`,
      "ios/AVCaptureDevice+use.swift": `import AVFoundation\n\nextension AVCaptureDevice {\n  func twice() -> Int {\n    return resolve() + resolve()\n  }\n}\n`,
    });
    expect({ resolve: u("ios/AVCaptureDevice+resolve.swift", "AVCaptureDevice.resolve"), token: u("ios/AVCaptureDevice+resolve.swift", "Token") }).toEqual({
      resolve: ["ios/AVCaptureDevice+use.swift"],
      token: ["ios/AVCaptureDevice+withLock.swift"],
    });
  });
});

/** A symbol's uses as [file, using symbol, line]. */
async function usedByLines(files: Record<string, string>, file: string, symbol: string): Promise<[string, string | undefined, number][]> {
  const dir = tempProject(files);
  const lens = await Lens.create({ cwd: dir });
  await lens.index();
  const entry = flat(await lens.moduleReport(file, { detail: "full" })).get(symbol);
  return (entry?.usedBy ?? []).map((x) => [x.file, x.symbol, x.line]);
}

/**
 * Swift's types and their extensions in other files are one type's parts (core/graph/partial.ts): a
 * member one part declares, named bare, through `self` or `Self`, or through the type's name
 * (`StripeSdkImpl.mapToCollectionMode(…)`), is linked from another part's file — the shapes of
 * stripe-react-native's StripeSdkImpl.swift and StripeSdkImpl+PaymentSheet.swift, +Embedded, … —, but
 * two files' own types of one name (two pods' `class Logger`) stay two types, a name two extensions of
 * another library's type both add is no link, and a `private` extension's members are their file's alone.
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { flat } from "../helpers.js";
import { tempCache, tempProject, usedBy } from "./project.js";

tempCache();

const SDK: Record<string, string> = {
  "ios/StripeSdkImpl.swift": `import Foundation

@objc(StripeSdkImpl)
public class StripeSdkImpl: NSObject {
    var paymentSheet: String?

    @objc public func initPaymentSheet(params: NSDictionary) {
        let (error, configuration) = buildPaymentSheetConfiguration(params: params)
        self.preparePaymentSheetInstance(configuration: configuration)
        print(error ?? "")
    }
}
`,
  "ios/StripeSdkImpl+PaymentSheet.swift": `import Foundation

extension StripeSdkImpl {
    internal func buildPaymentSheetConfiguration(params: NSDictionary) -> (NSDictionary?, String?) {
        paymentSheet = nil
        return (nil, Self.mapToCollectionMode(str: "name"))
    }

    internal func preparePaymentSheetInstance(configuration: String?) {}

    internal static func mapToCollectionMode(str: String?) -> String {
        return str ?? ""
    }
}
`,
  "ios/StripeSdkImpl+Embedded.swift": `import Foundation

extension StripeSdkImpl {
    func buildEmbeddedConfiguration() -> String {
        return StripeSdkImpl.mapToCollectionMode(str: nil)
    }
}

private extension StripeSdkImpl {
    func embeddedSecret() -> Int { 1 }
}
`,
  "ios/CustomerSheet/CustomerSheetUtils.swift": `import Foundation

class CustomerSheetUtils {
    static func buildCustomerSheetConfiguration() -> String {
        return StripeSdkImpl.mapToCollectionMode(str: "email")
    }
}
`,
  "ios/StripeSdkImpl+Checkout.swift": `import Foundation

extension StripeSdkImpl {
    func createCheckout() -> Int {
        return embeddedSecret()
    }
}
`,
};

describe("Swift: a type and its extensions in other files are one type", () => {
  it("a member an extension declares is used bare, through self and through the type from the class's and other files", async () => {
    const u = await usedBy(SDK);
    const sheet = "ios/StripeSdkImpl+PaymentSheet.swift";
    expect({
      build: u(sheet, "StripeSdkImpl.buildPaymentSheetConfiguration"),
      prepare: u(sheet, "StripeSdkImpl.preparePaymentSheetInstance"),
      mapToCollectionMode: u(sheet, "StripeSdkImpl.mapToCollectionMode").sort(),
    }).toEqual({
      build: ["ios/StripeSdkImpl.swift"],
      prepare: ["ios/StripeSdkImpl.swift"],
      // (`Self.` in its own extension, `StripeSdkImpl.` in another extension's file and in a file declaring none.)
      mapToCollectionMode: ["StripeSdkImpl.buildPaymentSheetConfiguration", "ios/CustomerSheet/CustomerSheetUtils.swift", "ios/StripeSdkImpl+Embedded.swift"].sort(),
    });
    // The class's property, named bare in an extension in another file.
    expect(u("ios/StripeSdkImpl.swift", "StripeSdkImpl.paymentSheet")).toEqual([sheet]);
  });

  it("a private extension's member is its file's alone", async () => {
    const u = await usedBy(SDK);
    expect(u("ios/StripeSdkImpl+Embedded.swift", "StripeSdkImpl.embeddedSecret")).toEqual([]);
  });

  it("two files' own types of one name are two types: a bare name in an extension of one is no member of the other", async () => {
    const u = await usedBy({
      "PodA/Logger.swift": `class Logger {\n    func write(_ s: String) {}\n}\n`,
      "PodB/Logger.swift": `class Logger {\n    func flush() {}\n}\n`,
      "PodB/Write.swift": `func write(_ s: String) {}\n`,
      // (PodB's extension: its \`write\` is PodB's function, not PodA's Logger.write.)
      "PodB/Logger+Extra.swift": `extension Logger {\n    func writeTwice(_ s: String) {\n        write(s)\n        flush()\n    }\n}\n`,
    });
    expect({ a: u("PodA/Logger.swift", "Logger.write") }).toEqual({ a: [] });
  });

  it("extensions of another library's type: a member one adds is linked from another, unless two files add it", async () => {
    const u = await usedBy({
      "ios/UIColor+Hex.swift": `import UIKit\n\nextension UIColor {\n    func hexString() -> String { "" }\n    func rgbaTuple() -> Int { 0 }\n}\n`,
      "ios/UIColor+Other.swift": `import UIKit\n\nextension UIColor {\n    func rgbaTuple() -> Int { 1 }\n}\n`,
      "ios/UIColor+Use.swift": `import UIKit\n\nextension UIColor {\n    func describe() -> String {\n        return hexString() + String(rgbaTuple())\n    }\n}\n`,
    });
    expect({ hex: u("ios/UIColor+Hex.swift", "UIColor.hexString"), rgbaHex: u("ios/UIColor+Hex.swift", "UIColor.rgbaTuple"), rgbaOther: u("ios/UIColor+Other.swift", "UIColor.rgbaTuple") }).toEqual({
      hex: ["ios/UIColor+Use.swift"],
      rgbaHex: [],
      rgbaOther: [],
    });
  });
});

describe("C#: a member named through a partial type from a file declaring a part itself", () => {
  it("is searched in the other parts: the part's member, receiver-type (it had been the member by name alone)", async () => {
    const dir = tempProject({
      "Gen.cs": `namespace Tools\n{\n    public partial class Gen\n    {\n        public void Run()\n        {\n            Gen.Helper();\n        }\n    }\n}\n`,
      "Gen.Part.cs": `namespace Tools\n{\n    public partial class Gen\n    {\n        internal static void Helper() { }\n    }\n}\n`,
    });
    const lens = await Lens.create({ cwd: dir });
    await lens.index();
    const uses = flat(await lens.moduleReport("Gen.Part.cs", { detail: "full" })).get("Tools.Gen.Helper")?.usedBy ?? [];
    expect(uses.map((u) => [u.file, u.line, u.confidence])).toEqual([["Gen.cs", 7, "receiver-type"]]);
  });
});

/**
 * A member form, `x.f()`, where a value's member is never a free function (Swift, Kotlin, Java, C#, C, C++,
 * Rust: core/graph/value-members.ts): no link to the project's one top-level `f` — `view?.dispatchEvent(…)`
 * had been a call of expo's internal top-level `func dispatchEvent`, Rust's `builder.build().parse()` a use
 * of `mod parse`. What a member form does name stays linked: a type through a package or module path
 * (`margelo.nitro.camera.FocusMode(rawValue:)`), anything through a Rust `::` path, a Kotlin extension
 * function. A type's member (`AVCaptureDevice.FocusMode` of an `extension AVCaptureDevice`) is no top-level
 * type of its name; and `->` is an arrow outside C, C++, Objective-C and PHP (`{ x -> helper(x) }`, `-> Mode`).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

describe("a member form's link to a top-level declaration", () => {
  it("Swift: a value's method is no top-level function; a module-qualified type is the type, a type's member no top-level type", async () => {
    const uses = await usedBy({
      "ios/EventEmitter.swift": `import Foundation

internal func dispatchEvent(_ name: String, payload: [String: Any]) {
  print(name)
}
`,
      "ios/FocusMode.swift": `public enum FocusMode: Int {
  case auto, manual
}
`,
      "ios/AVCaptureDevice+all.swift": `import AVFoundation

extension AVCaptureDevice {
  static var all: [AVCaptureDevice] { return [] }
}
`,
      "ios/ViewDefinition.swift": `import UIKit

final class HostView: UIView {
  func dispatchEvent(_ name: String, payload: [String: Any]) {}
}

final class ViewDefinition {
  func createView(make: () -> HostView?) {
    let view = make()
    view?.dispatchEvent("onLoad", payload: [:])
  }

  func meter(focus: AVCaptureDevice.FocusMode) {
    print(focus)
  }
}
`,
      "ios/Bridge.swift": `enum Bridge {
  static func focus(raw: Int) -> Any? {
    return margelo.nitro.camera.FocusMode(rawValue: raw)
  }
}
`,
      "ios/Emitter.swift": `func emitNow() {
  dispatchEvent("now", payload: [:])
}
`,
    });
    expect(uses("ios/EventEmitter.swift", "dispatchEvent")).toEqual(["ios/Emitter.swift"]);
    expect(uses("ios/ViewDefinition.swift", "HostView.dispatchEvent")).toEqual(["ViewDefinition.createView"]);
    expect(uses("ios/FocusMode.swift", "FocusMode")).toEqual(["ios/Bridge.swift"]);
  });

  it("Kotlin: an extension function stays linked, another top-level function not; a qualified type and a lambda's call do", async () => {
    const uses = await usedBy({
      "android/src/main/java/expo/modules/kotlin/Utils.kt": `package expo.modules.kotlin

import java.lang.ref.WeakReference

fun <T : Any> T?.weak() = WeakReference<T>(this)

fun convert(value: Any?, context: String): Any? = value

fun helper(x: Int): Int = x + 1

inline fun <reified T> ReturnTypeProvider.get(): String = T::class.java.name

object ReturnTypeProvider
`,
      "android/src/main/java/expo/modules/core/Promise.kt": `package expo.modules.core

class Promise(val id: Int)
`,
      "android/src/main/java/expo/modules/kotlin/Runtime.kt": `package expo.modules.kotlin

class AppContext(val name: String)

class Converter {
  fun convert(value: Any?, context: String): Any? = value
}

class Runtime(appContext: AppContext, private val converter: Converter) {
  val holder = appContext.weak()
  val promise: expo.modules.core.Promise? = null

  fun run(values: List<Any?>): List<Any?> {
    return values.map { v -> v.convert(converter, "ctx") }
  }

  fun bump(values: List<Int>): List<Int> = values.map { v -> clamp(helper(v)) }

  fun read(o: Any): Any? = o.javaClass.getDeclaredField("id").get(o)
}

private fun clamp(x: Int): Int = if (x > 9) 9 else x
`,
    });
    const utils = "android/src/main/java/expo/modules/kotlin/Utils.kt";
    const runtime = "android/src/main/java/expo/modules/kotlin/Runtime.kt";
    expect(uses(utils, "weak")).toEqual([runtime]);
    expect(uses(utils, "convert")).toEqual([]);
    // (Nor by a name the name-only member rule skips: a reflection Field's `get`.)
    expect(uses(utils, "get")).toEqual([]);
    expect(uses(utils, "helper")).toEqual([runtime]);
    // (After a lambda's arrow, a bare call: the file's own function.)
    expect(uses(runtime, "clamp")).toEqual(["Runtime.bump"]);
    expect(uses("android/src/main/java/expo/modules/core/Promise.kt", "Promise")).toEqual([runtime]);
  });

  it("Rust: a method call is no use of a module or free function of its name; a `::` path's is", async () => {
    const uses = await usedBy({
      "Cargo.toml": `[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2018"\n`,
      "src/lib.rs": `pub mod ast;\npub mod util;\n\npub struct Builder;\n\nimpl Builder {\n    pub fn parse(&self) -> usize {\n        0\n    }\n}\n`,
      "src/ast/mod.rs": `pub mod parse;\n\npub fn visit(n: usize) -> usize {\n    n\n}\n`,
      "src/ast/parse.rs": `pub struct Parser;\n`,
      "src/util.rs": `use crate::ast;\n\npub fn run(items: Vec<usize>) -> usize {\n    ast::visit(items.len())\n}\n`,
      "src/walk.rs": `use crate::ast;\n\npub fn walk(items: Vec<crate::Builder>) -> usize {\n    items.iter().map(|b| b.parse() + b.visit()).sum()\n}\n`,
    });
    expect(uses("src/ast/mod.rs", "parse")).toEqual([]);
    expect(uses("src/ast/mod.rs", "visit")).toEqual(["src/util.rs"]);
  });

  it("Dart: a value's method is no top-level function; one through an import prefix (`import 'src/util.dart' as util;` → `util.format()`) is", async () => {
    const uses = await usedBy({
      "lib/src/util.dart": "/// Formats a value for display.\nString format(Object value) {\n  return value.toString();\n}\n\nint clamp(int v) => v < 0 ? 0 : v;\n",
      "lib/src/printer.dart": "class Printer {\n  final StringBuffer _out = StringBuffer();\n\n  void format(Object value) {\n    _out.write(value);\n  }\n\n  int clamp(int v) => v;\n}\n",
      "lib/main.dart": "import 'src/util.dart' as util;\nimport 'src/printer.dart';\n\nvoid run(Printer printer, List<int> xs) {\n  printer.format(util.format(xs));\n  final p = Printer();\n  p.clamp(util.clamp(3));\n}\n",
      "lib/other.dart": "import 'src/printer.dart';\n\nvoid show(Printer printer) {\n  printer.format('x');\n}\n",
    });
    // (other.dart's `printer.format('x')` had been util.dart's top-level `format`'s, and Printer.format had no uses.)
    expect(uses("lib/src/util.dart", "format")).toEqual(["lib/main.dart"]);
    expect(uses("lib/src/printer.dart", "Printer.format").sort()).toEqual(["lib/main.dart", "lib/other.dart"]);
    expect(uses("lib/src/util.dart", "clamp")).toEqual(["lib/main.dart"]);
    expect(uses("lib/src/printer.dart", "Printer.clamp")).toEqual(["lib/main.dart"]);
  });

  it("Scala: a value's method is no top-level def; one through an imported package (`import mylib.util` → `util.format()`) is", async () => {
    const uses = await usedBy({
      "src/mylib/util/format.scala": "package mylib.util\n\n/** Formats a value for display. */\ndef format(x: Any): String = x.toString\n\ndef clamp(v: Int): Int = if (v < 0) 0 else v\n",
      "src/mylib/Printer.scala": "package mylib\n\nclass Printer {\n  private val out = new StringBuilder\n\n  def format(x: Any): Unit = out.append(x)\n\n  def clamp(v: Int): Int = v\n}\n",
      "src/app/Main.scala": "package app\n\nimport mylib.util\nimport mylib.Printer\n\nobject Main {\n  def run(printer: Printer, xs: List[Int]): Unit = {\n    printer.format(util.format(xs))\n    val p = new Printer\n    p.clamp(util.clamp(3))\n  }\n}\n",
      "src/app/Other.scala": "package app\n\nimport mylib.Printer\n\nobject Other {\n  def show(printer: Printer): Unit = printer.format(\"x\")\n}\n",
    });
    // (Other.scala's `printer.format("x")` had been the top-level `format`'s.)
    expect(uses("src/mylib/util/format.scala", "format")).toEqual(["src/app/Main.scala"]);
    expect(uses("src/mylib/util/format.scala", "clamp")).toEqual(["src/app/Main.scala"]);
    expect(uses("src/mylib/Printer.scala", "Printer.clamp")).toEqual(["src/app/Main.scala"]);
  });
});

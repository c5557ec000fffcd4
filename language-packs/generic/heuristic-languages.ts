/**
 * Per-grammar data for the heuristic languages: node types whose names mislead the word-based
 * guess, where names live, and each language's export rule. Everything not listed is guessed.
 */
import type { Node } from "web-tree-sitter";
import type { ExtractionOptions } from "../../core/plugin.js";
import type { FileContext, SymbolKind, SymbolRecord } from "../../core/types.js";
import type { HeuristicOptions } from "./heuristic.js";
import { solidityName, solidityNameNode } from "./solidity.js";
import { objcClassify, objcNameNode, objcSignature, selectorOf } from "./objc.js";

export interface HeuristicLanguage {
  extraction?: ExtractionOptions;
  heuristic: HeuristicOptions;
}

const head = (r: SymbolRecord) => r.signature ?? "";
const publicByDefault = (r: SymbolRecord, parent: SymbolRecord | undefined) =>
  (parent ? parent.exported : true) && !r.name.startsWith("_") && !/^(?:[^(]*\s)?(?:private|internal)\b/.test(head(r));

/** A `let` binding is a function when it takes parameters or its body is a function. */
function mlBinding(node: Node): SymbolKind {
  const body = node.childForFieldName("body");
  const fn = node.namedChildren.some((c) => c?.type === "parameter") || /^(?:fun|function)(?:_expression)?$/.test(body?.type ?? "");
  return fn ? "function" : "constant";
}

export const HEURISTIC_LANGUAGES: Record<string, HeuristicLanguage> = {
  zig: {
    // `//!` is the container's doc, never a declaration's. A generic type's members (`fn List(comptime T:
    // type) type { return struct { items: []T, pub fn append… } }`) are entries of the function.
    extraction: { bodyFields: ["body"], ignoreDocPatterns: [/^\s*\/\/!/], keepInFunction: (r) => !!r.node && inReturnedType(r.node) },
    heuristic: {
      kinds: { container_field: "field", test_declaration: "function", comptime_declaration: null, using_namespace_declaration: null },
      extraNameTypes: ["string_content"],
      // `pub` exports; a test block is never part of the API.
      exported: (r, parent) => (parent ? parent.exported && (r.kind === "field" || /^pub\b/.test(head(r))) : /^pub\b/.test(head(r))) && !/^test\b/.test(head(r)),
      classify: (node, kind, ctx) => {
        // The returned type itself is the function's body, not an entry of its own.
        if (ZIG_CONTAINER.test(node.type) && node.parent?.type === "return_expression") return null;
        if (kind === "function" && inReturnedType(node) && !/^test\b/.test(ctx.text(node))) return "method";
        return kind === "variable" && node.parent?.type !== "source_file" && !ZIG_CONTAINER.test(node.parent?.type ?? "") ? null : kind === "variable" && /^\s*(?:pub\s+)?const\b/.test(ctx.text(node)) ? "constant" : undefined;
      },
    },
  },
  dart: {
    extraction: { bodyFields: ["body"], decoratorTypes: ["annotation"], commentTypes: ["comment", "documentation_comment"] },
    heuristic: {
      kinds: {
        method_signature: "method", function_signature: "function", getter_signature: null, setter_signature: null,
        constructor_signature: "constructor", factory_constructor_signature: "constructor", redirecting_factory_constructor_signature: "constructor",
        constant_constructor_signature: "constructor", static_final_declaration: "constant", initialized_identifier: "field",
        declaration: null, local_function_declaration: null, type_alias: "type", mixin_declaration: "trait",
        extension_type_declaration: "extension", enum_constant: null, operator_signature: "method",
      },
      bodySiblings: ["function_body"],
      // Named constructors: `Cart.guest(…)` has two name parts.
      nameOf: (node, _name, ctx) => (/constructor_signature$/.test(node.type) ? dartConstructorName(node, ctx) : undefined),
      // Dart privacy is lexical: a leading underscore hides a name from other libraries.
      exported: (r, parent) => (parent ? parent.exported : true) && !r.name.startsWith("_"),
      classify: (node, kind) => (kind === "field" && node.parent?.parent?.type !== "declaration" ? null : undefined),
    },
  },
  ocaml: {
    extraction: { bodyFields: ["body"] },
    heuristic: {
      kinds: {
        value_definition: null, let_binding: "function", type_definition: null, type_binding: "type", module_definition: null,
        module_binding: "module", module_type_definition: "interface", exception_definition: "type", class_definition: null,
        class_binding: "class", class_type_definition: null, class_type_binding: "interface", method_definition: "method",
        instance_variable_definition: "field", value_specification: "function", external: "function",
        constructor_declaration: null, field_declaration: "field", method_specification: "method",
      },
      nameFields: ["name", "pattern"],
      // (`f ~groups:3`, `?(n = 1)`, `groups:int -> unit`: a label, no use of a type or value so named — 14 such links on /usr/lib/ocaml.)
      notUses: ["label_name"],
      classify: (node, kind) => (node.type === "let_binding" ? (node.parent?.parent?.type === "let_expression" ? null : mlBinding(node)) : kind === "field" && node.type !== "field_declaration" && node.type !== "instance_variable_definition" ? null : undefined),
      exported: publicByDefault,
      exportGuess: 'an OCaml module exports what its .mli interface declares, which pilens does not read — every name not starting with "_" is marked exported',
      membersAreMethods: false,
    },
  },
  solidity: {
    extraction: { bodyFields: ["body"] },
    heuristic: {
      kinds: {
        contract_declaration: "class", library_declaration: "module", interface_declaration: "interface", error_declaration: "type",
        event_definition: "type", modifier_definition: "function", constructor_definition: "constructor",
        fallback_receive_definition: "function", state_variable_declaration: "property", struct_member: "field",
        constant_variable_declaration: "constant", user_defined_type_definition: "type", variable_declaration: null,
        yul_function_definition: null, enum_value: null,
      },
      // `constructor`, `receive`, `fallback` have no name but their keyword.
      nameNode: solidityNameNode,
      nameOf: solidityName,
      // `private`/`internal` members are not callable from outside the contract.
      exported: (r, parent) => (parent ? parent.exported : true) && !/\b(?:private|internal)\b/.test(head(r)),
    },
  },
  objc: {
    // (A block's or a method's body is a `compound_statement` child, no field: a callback's head stops there. A
    // member of an @implementation is wrapped in an `implementation_definition`, where its doc comment is a sibling.)
    extraction: { bodyFields: ["body"], bodyTypes: ["compound_statement"], wrapperTypes: ["implementation_definition"] },
    heuristic: {
      kinds: {
        class_interface: "class", class_implementation: "class", protocol_declaration: "protocol", method_declaration: "method",
        method_definition: "method", implementation_definition: null, property_declaration: "property", property_implementation: "property", struct_declaration: null,
        type_definition: "type", preproc_def: "macro", preproc_function_def: "macro", declaration: null,
        field_declaration: "field", parameter_declaration: null, qualified_protocol_interface_declaration: null,
        protocol_forward_declaration: null, class_declaration: null, macro_type_specifier: null, struct_specifier: "struct", enum_specifier: "enum", union_specifier: "struct",
      },
      nameFields: ["name", "declarator"],
      // A method is named by its selector (`foo:bar:`), as Xcode and ctags name it; its head is every line of it.
      nameOf: (node, _name, ctx) => selectorOf(node, ctx),
      nameNode: objcNameNode,
      signature: objcSignature,
      // ObjC methods are their own node types; a C function inside `@implementation … @end` stays a function.
      membersAreMethods: false,
      // C linkage: `static` functions and variables are file-local. An `@interface` or `@protocol` in a `.m` or `.mm`
      // (a class extension `@interface X ()`, a private category or class) is the file's own: no header declares it.
      exported: (r, parent, ctx) => (parent ? parent.exported : !(/^(?:class_interface|protocol_declaration)$/.test(r.node?.type ?? "") && /\.mm?$/i.test(ctx.path))) && !/^static\b/.test(head(r)),
      classify: objcClassify,
    },
  },
  rescript: {
    extraction: { bodyFields: ["body", "definition"], decoratorTypes: ["decorator"] },
    heuristic: {
      kinds: {
        let_declaration: null, let_binding: "function", type_declaration: null, type_binding: "type", module_declaration: null,
        module_binding: "module", exception_declaration: "type", external_declaration: "function",
      },
      nameFields: ["name", "pattern"],
      extraNameTypes: ["variant_identifier"],
      classify: (node) => (node.type === "let_binding" ? (letInsideFunction(node) ? null : mlBinding(node)) : undefined),
      exported: publicByDefault,
      exportGuess: 'a ReScript module exports what its .resi interface declares (all without one), which pilens does not read — every name not starting with "_" is marked exported',
      membersAreMethods: false,
    },
  },
};

const ZIG_CONTAINER = /^(?:struct|enum|union|opaque)_declaration$/;

/** A declaration directly in the type a Zig function returns (`return struct { … }`: a generic type). */
function inReturnedType(node: Node): boolean {
  const c = node.parent;
  return !!c && ZIG_CONTAINER.test(c.type) && c.parent?.type === "return_expression";
}

function dartConstructorName(node: Node, ctx: FileContext): string | undefined {
  const parts: string[] = [];
  for (const c of node.namedChildren) {
    if (!c || c.type !== "identifier") break;
    parts.push(ctx.text(c));
  }
  return parts.length ? parts.join(".") : undefined;
}

function letInsideFunction(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === "function") return true;
  return false;
}

/**
 * TypeScript: a member of what a call gives is a member of the type the called method or function
 * declares it returns — `z.string().min(1)` (zod's fluent chains), `this.get("k").render()`,
 * `store.get("k").render()` — where the member by its name alone had taken any project member so named.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const SCHEMAS = {
  "schemas.ts":
    "export interface ZodType {\n  parse(x: unknown): unknown;\n}\nexport interface ZodString extends ZodType {\n  min(n: number): ZodString;\n}\nexport function string(): ZodString {\n  return null as unknown as ZodString;\n}\nexport function later(): Promise<number> {\n  return Promise.resolve(1);\n}\n",
  // (Members so named elsewhere: a link by name alone cannot choose, or chooses wrong.)
  "other.ts": "export class Other {\n  min(n: number): number { return n; }\n  parse(x: unknown): unknown { return x; }\n}\nexport class Thenable {\n  then(f: () => void): void { f(); }\n}\n",
};

describe("usedBy: a member of a call's result", () => {
  it("of a module's function: the declared return type's member, an inherited one too; another library's type's, none", async () => {
    const u = await usedBy({
      ...SCHEMAS,
      "use.ts": 'import * as z from "./schemas";\nimport { Other } from "./other";\nexport const s = z.string().min(1);\nexport function check(x: unknown) {\n  return z\n    .string()\n    .parse(x);\n}\nexport const t = z.later().then(() => new Other());\n',
    });
    expect({ min: u("schemas.ts", "ZodString.min"), parse: u("schemas.ts", "ZodType.parse"), otherMin: u("other.ts", "Other.min"), then: u("other.ts", "Thenable.then") }).toEqual({
      min: ["use.ts"],
      parse: ["use.ts"],
      otherMin: [],
      then: [],
    });
  });

  it("of a method on `this` or on a typed value: the method's declared return type's member", async () => {
    const u = await usedBy({
      "store.ts":
        'export class Item {\n  render(): string { return "i"; }\n}\nexport class Store {\n  get(k: string): Item { return new Item(); }\n  show(): string { return this.get("a").render(); }\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n}\n',
      "view.ts": 'import { Store } from "./store";\nexport function view(store: Store) {\n  return store.get("k").render();\n}\n',
    });
    expect({ item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render") }).toEqual({ item: ["Store.show", "view.ts"], page: [] });
  });

  it("of a value a call gave (`const s = z.string(); s.min(1)`, `const item = store.get(k)`): as of the call itself", async () => {
    const u = await usedBy({
      ...SCHEMAS,
      "store.ts": 'export class Item {\n  render(): string { return "i"; }\n}\nexport class Store {\n  get(k: string): Item { return new Item(); }\n  show(): string {\n    const item = this.get("a");\n    return item.render();\n  }\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n}\n',
      "use.ts":
        'import * as z from "./schemas";\nimport { Store } from "./store";\nimport { Other } from "./other";\nconst name = z.string();\nexport const s = name.min(1);\nexport function view(store: Store) {\n  const item = store.get("k");\n  return item.render() + new Other().parse(1);\n}\n',
    });
    expect({ min: u("schemas.ts", "ZodString.min"), otherMin: u("other.ts", "Other.min"), item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render") }).toEqual({
      min: ["use.ts"],
      otherMin: [],
      item: ["Store.show", "use.ts"],
      page: [],
    });
  });

  it("of a bare call — the file's own function or one it imports by name — and of `new T()`", async () => {
    const u = await usedBy({
      "store.ts": 'export class Item {\n  render(): string { return "i"; }\n}\nexport function makeItem(): Item {\n  return new Item();\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n  close(): void {}\n}\n',
      "other.ts": "export class Door {\n  close(): void {}\n}\n",
      "use.ts":
        'import { makeItem } from "./store";\nimport { Page } from "./page";\nfunction makePage(): Page {\n  return new Page();\n}\nexport const a = makeItem().render();\nexport function b() {\n  const page = makePage();\n  return page.render();\n}\nexport function c() {\n  new Page().close();\n}\n',
    });
    expect({ item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render"), close: u("page.ts", "Page.close"), door: u("other.ts", "Door.close") }).toEqual({
      item: ["use.ts"],
      page: ["use.ts"],
      close: ["use.ts"],
      door: [],
    });
  });
});

describe("usedBy: a member of what an awaited call gives", () => {
  it("`const x = await this.load()` / `await store.load()` / `await fetchItem()`: the Promise's type argument's member; the Promise's own members none", async () => {
    const u = await usedBy({
      "store.ts":
        'export class Item {\n  render(): string { return "i"; }\n}\nexport class Store {\n  async load(k: string): Promise<Item> { return new Item(); }\n  async show(): Promise<string> {\n    const item = await this.load("a");\n    return item.render();\n  }\n}\nexport async function fetchItem(): Promise<Item | undefined> {\n  return new Item();\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n}\n',
      "other.ts": "export class Thenable {\n  then(f: () => void): void { f(); }\n}\n",
      "use.ts":
        'import { Store, fetchItem } from "./store";\nexport async function view(store: Store) {\n  const item = await store.load("k");\n  const next = await fetchItem();\n  store.load("k").then(() => 1);\n  return item.render() + next?.render();\n}\n',
    });
    expect({ item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render"), then: u("other.ts", "Thenable.then") }).toEqual({
      item: ["Store.show", "use.ts"],
      page: [],
      then: [],
    });
  });

  it("of an arrow function const or a class's arrow field with a declared return type", async () => {
    const u = await usedBy({
      "store.ts":
        'export class Item {\n  render(): string { return "i"; }\n}\nexport const makeItem = (): Item => new Item();\nexport const loadItem = async (): Promise<Item> => new Item();\nexport class Shop {\n  pick = (): Item => new Item();\n  show(): string {\n    return this.pick().render();\n  }\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n}\n',
      "use.ts": 'import { makeItem, loadItem } from "./store";\nexport async function view() {\n  const item = await loadItem();\n  return makeItem().render() + item.render();\n}\n',
    });
    expect({ item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render") }).toEqual({ item: ["Shop.show", "use.ts"], page: [] });
  });
  it("of a method of a field, `this.store.get(k).render()`, `const item = await this.store.load(k)`: the field's declared type's", async () => {
    const u = await usedBy({
      "store.ts":
        'export class Item {\n  render(): string { return "i"; }\n}\nexport class Store {\n  get(k: string): Item { return new Item(); }\n  async load(k: string): Promise<Item> { return new Item(); }\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n}\n',
      "shop.ts": 'import { Store } from "./store";\nexport class Shop {\n  constructor(private store: Store) {}\n  show(): string {\n    return this.store.get("a").render();\n  }\n}\n',
      "cart.ts": 'import { Store } from "./store";\nexport class Cart {\n  private store = new Store();\n  async list(): Promise<string> {\n    const item = await this.store.load("b");\n    return item.render();\n  }\n}\n',
    });
    expect({ item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render") }).toEqual({ item: ["cart.ts", "shop.ts"], page: [] });
  });
});

describe("usedBy: a member of a chain of calls (fluent APIs)", () => {
  const SCHEMAS2 = {
    "schemas.ts":
      "export interface ZodType {\n  parse(x: unknown): unknown;\n  optional(): ZodOptional<this>;\n}\nexport interface ZodOptional<T> extends ZodType {\n  unwrap(): T;\n  nullable(): ZodNullable;\n}\nexport interface ZodNullable extends ZodType {\n  describe(d: string): this;\n}\nexport interface ZodString extends ZodType {\n  min(n: number): this;\n  max(n: number): this;\n}\nexport function string(): ZodString {\n  return null as unknown as ZodString;\n}\n",
    // (Members so named elsewhere: a link by name alone cannot choose.)
    "other.ts": "export class Other {\n  max(n: number): number { return n; }\n  nullable(): void {}\n  describe(d: string): void {}\n  parse(x: unknown): unknown { return x; }\n}\n",
  };

  it("through a module: `z.string().optional().nullable()`, `z.string().min(1).max(5)` (a method returning `this`), broken over lines", async () => {
    const u = await usedBy({
      ...SCHEMAS2,
      "use.ts": 'import * as z from "./schemas";\nexport const a = z.string().optional().nullable().describe("x");\nexport const b = z\n  .string()\n  .min(1)\n  .max(5)\n  .parse("y");\n',
    });
    expect({
      nullable: u("schemas.ts", "ZodOptional.nullable"),
      describe: u("schemas.ts", "ZodNullable.describe"),
      max: u("schemas.ts", "ZodString.max"),
      parse: u("schemas.ts", "ZodType.parse"),
      other: [u("other.ts", "Other.max"), u("other.ts", "Other.nullable"), u("other.ts", "Other.describe"), u("other.ts", "Other.parse")],
    }).toEqual({ nullable: ["use.ts"], describe: ["use.ts"], max: ["use.ts"], parse: ["use.ts"], other: [[], [], [], []] });
  });

  it("from `this`, a typed value, a bare call and `new T()`", async () => {
    const u = await usedBy({
      "store.ts":
        'export class Item {\n  render(): string { return "i"; }\n  child(): Item { return this; }\n}\nexport class Store {\n  get(k: string): Item { return new Item(); }\n  show(): string { return this.get("a").child().render(); }\n}\nexport function makeStore(): Store {\n  return new Store();\n}\n',
      "page.ts": 'export class Page {\n  render(): string { return "p"; }\n  self(): this { return this; }\n  close(): void {}\n}\n',
      "door.ts": "export class Door {\n  close(): void {}\n}\n",
      "view.ts":
        'import { Store, makeStore } from "./store";\nimport { Page } from "./page";\nexport function view(store: Store) {\n  return store.get("k").child().render() + makeStore().get("b").render();\n}\nexport function shut() {\n  new Page().self().close();\n}\n',
    });
    expect({ item: u("store.ts", "Item.render"), page: u("page.ts", "Page.render"), close: u("page.ts", "Page.close"), door: u("door.ts", "Door.close") }).toEqual({
      item: ["Store.show", "view.ts"],
      page: [],
      close: ["view.ts"],
      door: [],
    });
  });
  it("of a value a chain of calls gave: `const o = z.string().optional(); o.unwrap()`", async () => {
    const u = await usedBy({
      ...SCHEMAS2,
      "wrap.ts": "export class Wrap {\n  unwrap(): void {}\n}\n",
      "use.ts": 'import * as z from "./schemas";\nexport function f() {\n  const o = z.string().optional();\n  return o.unwrap();\n}\n',
    });
    expect({ unwrap: u("schemas.ts", "ZodOptional.unwrap"), wrap: u("wrap.ts", "Wrap.unwrap") }).toEqual({ unwrap: ["use.ts"], wrap: [] });
  });
});

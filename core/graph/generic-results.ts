/**
 * Java, C#, Kotlin: what a well-known library container's method gives, by the type arguments its
 * value's declaration writes — `Map<String, Foo> m; m.get(k).bar()`, `m.computeIfAbsent(k, x -> new
 * Foo()).bar()`, `Optional<Foo> o; o.orElseThrow().bar()`, C#'s `ConcurrentDictionary<K, Foo> d;
 * d.GetOrAdd(k, …).Bar()`: a member of Foo (collect.ts calledOf). The library's own type declares no
 * such return in the project, so without this the member linked nothing (link.ts: a call on a type no
 * project file declares gives another library's).
 */
import type { Node } from "web-tree-sitter";
import { BUILTIN, kotlinType, typeName } from "./typed-names.js";

/** A key's suffix holding the type arguments a value's declaration writes: `m<` → `String,Foo` (typed-scope.ts). */
export const ARGS = "<";

/** Maps, whose value is their last type argument. */
const MAPS = new Set([
  "Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap", "ConcurrentMap", "ConcurrentHashMap", "ConcurrentSkipListMap", "ConcurrentNavigableMap", "WeakHashMap", "IdentityHashMap", "EnumMap", "Hashtable",
  "MutableMap",
  "Dictionary", "IDictionary", "IReadOnlyDictionary", "ConcurrentDictionary", "SortedDictionary", "SortedList", "ReadOnlyDictionary", "ImmutableDictionary", "ImmutableSortedDictionary", "FrozenDictionary",
]);
const MAP_METHODS = new Set([
  "get", "getOrDefault", "computeIfAbsent", "computeIfPresent", "compute", "merge", "put", "putIfAbsent", "remove", "replace",
  "getOrPut", "getValue", "getOrElse",
  "GetOrAdd", "AddOrUpdate", "GetValueOrDefault",
  // (An indexer, `dict[k].Bar()`, `map[k]?.bar()`: call-chains.ts INDEXER.)
  "[]",
]);

/** Collections, optionals, references and futures, whose element is their one type argument. */
const SINGLES = new Set([
  "List", "ArrayList", "LinkedList", "CopyOnWriteArrayList", "Vector", "Stack", "Deque", "ArrayDeque", "Queue", "PriorityQueue", "BlockingQueue", "LinkedBlockingQueue", "ArrayBlockingQueue", "PriorityBlockingQueue", "ConcurrentLinkedQueue", "ConcurrentLinkedDeque", "BlockingDeque", "LinkedBlockingDeque", "TransferQueue", "LinkedTransferQueue", "DelayQueue", "SynchronousQueue",
  "Set", "HashSet", "LinkedHashSet", "Collection", "Iterable", "MutableSet", "MutableCollection", "MutableIterable", "ISet", "Stream", "SortedSet", "NavigableSet", "TreeSet", "ConcurrentSkipListSet", "Iterator", "ListIterator", "Enumeration", "Optional", "AtomicReference", "ThreadLocal", "InheritableThreadLocal", "Supplier", "Callable", "Provider", "Future", "CompletableFuture", "CompletionStage", "FutureTask", "ForkJoinTask", "RecursiveTask", "WeakReference", "SoftReference", "PhantomReference", "Reference",
  "MutableList", "Array", "Sequence", "ArrayDeque", "Lazy",
  "IList", "IReadOnlyList", "IEnumerable", "IEnumerator", "ICollection", "IReadOnlyCollection", "IQueryable", "IOrderedEnumerable", "ConcurrentQueue", "ConcurrentStack", "ConcurrentBag", "ImmutableList", "ImmutableArray", "ImmutableQueue", "ImmutableStack", "ObservableCollection", "ReadOnlyCollection", "BlockingCollection", "Task", "ValueTask", "Func", "IAsyncEnumerable",
]);
const SINGLE_METHODS = new Set([
  "get", "getFirst", "getLast", "removeFirst", "removeLast", "poll", "pollFirst", "pollLast", "peek", "peekFirst", "peekLast", "element", "pop", "take", "first", "last", "floor", "ceiling", "higher", "lower",
  "orElse", "orElseGet", "orElseThrow", "next", "previous", "nextElement", "getAndSet", "getAndUpdate", "updateAndGet", "getPlain", "getAcquire", "getOpaque", "call", "join", "getNow", "resultNow", "invoke",
  "firstOrNull", "lastOrNull", "single", "singleOrNull", "getOrNull", "getOrElse", "elementAt", "elementAtOrNull", "elementAtOrElse", "random", "randomOrNull", "find", "findLast", "removeAt",
  "First", "FirstOrDefault", "Last", "LastOrDefault", "Single", "SingleOrDefault", "ElementAt", "ElementAtOrDefault", "Peek", "Pop", "Dequeue", "Find", "FindLast", "Invoke", "GetAwaiter",
  // (C#'s properties, keyed as calls — `task.Result`, `lazy.Value`, `it.Current` — and an indexer, `list[0]`.)
  "Result", "Value", "Current", "[]",
]);

/** Methods giving a collection's elements again, in a view, a copy, an iterator or a stream (`entries.iterator().next()`). */
const VIEWS = new Set([
  "iterator", "listIterator", "descendingIterator", "subList", "reversed", "headSet", "tailSet", "subSet", "descendingSet", "stream", "parallelStream",
  "filter", "sorted", "distinct", "limit", "skip", "toList", "asSequence", "asIterable", "toMutableList", "filterNotNull", "sortedBy", "sortedByDescending", "sortedWith", "asReversed",
  "Where", "OrderBy", "OrderByDescending", "ThenBy", "ThenByDescending", "Skip", "SkipWhile", "TakeWhile", "Distinct", "Reverse", "AsEnumerable", "ToList", "ToArray", "GetEnumerator",
]);
/** A Java stream's methods giving its element in an Optional. */
const TO_OPTIONAL = new Set(["findFirst", "findAny", "min", "max"]);

/**
 * The qualifier of a member of what `key`'s calls (`get(`, `get(#bar(`, `iterator(#next(#bar(`) on a value of
 * the library type `type` written with type arguments `args` (`String,Foo`; "" for one no class's name) give:
 * `^Foo` (`^Foo#bar(` down the chain) — through views of the elements first (`values()`, `iterator()`,
 * `stream().findFirst()`); undefined where the type, a method or the argument is none this knows.
 */
export function genericResult(type: string, key: string, args: string | null | undefined): string | undefined {
  let list = args ? args.split(",") : [];
  let t = type;
  let rest = key;
  for (let step = 0; step < 4; step++) {
    const open = rest.indexOf("(");
    const method = rest.slice(0, open);
    const after = rest.slice(open + 1);
    let arg: string | undefined;
    if (MAPS.has(t) && list.length === 2) {
      if (MAP_METHODS.has(method)) arg = list[1];
      else if (method === "values" || method === "keySet" || method === "navigableKeySet") [t, list] = ["Collection", [list[method === "values" ? 1 : 0]!]];
      else return undefined;
    } else if (t === "Stream" && list.length === 1) {
      if (TO_OPTIONAL.has(method)) t = "Optional";
      else if (!VIEWS.has(method) && method !== "peek") return undefined;
    } else if (SINGLES.has(t) && list.length === 1) {
      // (C#'s `Task<Foo>`: `GetAwaiter()` gives no Foo — an awaiter; its members are none of Foo's.)
      // (`take()`: a blocking queue's element; Kotlin's `list.take(n)` is a list.)
      if (SINGLE_METHODS.has(method) && method !== "GetAwaiter" && (method !== "take" || /Queue|Deque/.test(t))) arg = list[0];
      else if (VIEWS.has(method)) t = /^(?:stream|parallelStream)$/.test(method) ? "Stream" : /[Ii]terator$|^GetEnumerator$/.test(method) ? "Iterator" : "List";
      else return undefined;
    } else return undefined;
    // (`Func<A, Foo>`'s `Invoke` gives its last: only a one-argument Func, `Func<Foo>`, is taken.)
    if (arg !== undefined) return arg ? `^${arg}${after}` : undefined;
    // (A view's own member, `list.iterator().hasNext()`: another library's.)
    if (!after) return undefined;
    rest = after.slice(1);
  }
  return undefined;
}

/** The class names of the type arguments a declared type writes, `Map<String, Foo>` → `String,Foo` (`""` for a primitive, a type variable); null without. */
export function typeArguments(t: Node | null | undefined, src: string, kotlin = false): string | null {
  const list = kotlin ? kotlinArguments(t) : jvmClrArguments(t);
  if (!list?.length) return null;
  return list.map((a) => ((n) => (n && n !== BUILTIN ? n : ""))(kotlin ? kotlinType(a?.type === "type_projection" ? a.namedChildren.find((c) => c?.type === "user_type" || c?.type === "nullable_type") : a, src) : typeName(a?.type === "wildcard" ? a.namedChildren[a.namedChildren.length - 1] : a, src))).join(",");
}

/** Java's `type_arguments`, C#'s `type_argument_list` of a declared type (qualified: its last name's). */
function jvmClrArguments(t: Node | null | undefined): (Node | null)[] | undefined {
  if (t?.type === "nullable_type") return jvmClrArguments(t.namedChildren[0]);
  if (t?.type === "scoped_type_identifier" || t?.type === "qualified_name") return jvmClrArguments(t.namedChildren[t.namedChildren.length - 1]);
  if (t?.type !== "generic_type" && t?.type !== "generic_name") return undefined;
  return t.namedChildren.find((c) => c?.type === "type_arguments" || c?.type === "type_argument_list")?.namedChildren;
}

/** Kotlin's: the type arguments after a user type's last name (`Map.Entry<K, V>`'s). */
function kotlinArguments(t: Node | null | undefined): (Node | null)[] | undefined {
  if (t?.type === "nullable_type") return kotlinArguments(t.namedChildren[0]);
  if (t?.type !== "user_type") return undefined;
  const last = t.namedChildren[t.namedChildren.length - 1];
  return last?.type === "type_arguments" ? last.namedChildren : undefined;
}

/** A declaration's return (typed-declarations.ts Declarations.returns). */
type Returned = [name: string, type: string | null, awaited: string | null, params?: (string | null)[], args?: string | null] | undefined;

/**
 * A Java, C# or Kotlin method's return, with the type arguments its declared return type writes
 * (`Optional<Foo> findFoo()`: `Foo`), for a member of what a library container's method gives on what the
 * call returns — `findFoo().orElseThrow().bar()`, `all().get(0).bar()` (typed-scope.ts keeps them as
 * FileEntry.ft `Cls.findFoo(<` rows; qualified.ts genericMember reads them through genericResult).
 */
export function withArguments(returned: Returned, type: Node | null | undefined, src: string, kotlin = false): Returned {
  if (!returned) return returned;
  const args = typeArguments(type, src, kotlin);
  return args && args.replace(/,/g, "") ? [returned[0], returned[1], returned[2], undefined, args] : returned;
}

/** A Kotlin function's declared return type: the type after its parameters. */
export function kotlinReturnType(n: Node): Node | null {
  let params = false;
  for (const c of n.namedChildren) {
    if (c?.type === "function_value_parameters") params = true;
    else if (params && (c?.type === "user_type" || c?.type === "nullable_type")) return c;
    else if (params && c?.type === "function_body") break;
  }
  return null;
}

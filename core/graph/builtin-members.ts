/**
 * Method names the language's own types carry (Python's `bytes.decode`, Java's `String.length`): a
 * `x.decode()` whose receiver's type the graph cannot know is far more often that than the one project
 * class declaring a `decode` — `JSONDecoder.decode` was "used by 15", 14 of them `bytes`/`str` calls. The
 * name-only member rule (link.ts) skips these names — in JS/TS too: against the TypeScript language
 * service (docs/project-graph.md), `includes`, `find`, `slice`, `entries`, `message` had been the wrong
 * name-only links most often. Only names of 4+ characters: shorter ones never link by name alone.
 */
const words = (s: string) => new Set(s.split(/\s+/).filter((w) => w.length >= 4));

const PYTHON = words(`
  decode encode split rsplit splitlines join strip lstrip rstrip startswith endswith replace lower upper
  title capitalize casefold format format_map find rfind index rindex count partition rpartition isdigit
  isalpha isalnum isspace isupper islower zfill center ljust rjust expandtabs translate maketrans hex
  fromhex to_bytes from_bytes append extend insert remove sort reverse copy clear items keys values
  update setdefault popitem fromkeys discard union intersection difference symmetric_difference
  issubset issuperset isdisjoint read readline readlines write writelines close flush seek tell
  truncate fileno isatty readable writable seekable send recv sendall connect bind listen accept
  shutdown acquire release wait notify notify_all put get_nowait put_nowait join result done cancel
  cancelled exception add_done_callback set_result set_exception match fullmatch search findall
  finditer group groups groupdict start span sub subn total_seconds isoformat strftime timestamp
  `);

const JVM = words(`
  length charAt substring indexOf lastIndexOf equals equalsIgnoreCase hashCode toString compareTo
  contains startsWith endsWith replace replaceAll split trim strip isEmpty isBlank toLowerCase
  toUpperCase format valueOf getBytes toCharArray matches concat intern lines repeat chars
  size add addAll remove removeAll retainAll clear containsKey containsValue get put putAll putIfAbsent
  getOrDefault computeIfAbsent computeIfPresent compute merge keySet values entrySet iterator hasNext
  next stream forEach filter collect reduce sorted distinct limit findFirst findAny anyMatch allMatch
  noneMatch orElse orElseGet orElseThrow isPresent ifPresent append insert reverse close read write
  flush join start interrupt notify notifyAll wait getClass clone offer poll peek push element
  toArray subList sort getKey getValue setValue
  `);

const CSHARP = words(`
  ToString Equals GetHashCode GetType CompareTo Length Count Contains StartsWith EndsWith Substring
  IndexOf LastIndexOf Replace Split Trim TrimStart TrimEnd ToLower ToUpper Format Join Concat Insert
  Remove Add AddRange Clear ContainsKey ContainsValue TryGetValue Keys Values First FirstOrDefault
  Last LastOrDefault Single SingleOrDefault Where Select SelectMany OrderBy OrderByDescending ThenBy
  GroupBy Any All Sum Average Min Max ToList ToArray ToDictionary Skip Take Distinct Aggregate Append
  Dispose Close Flush Read Write ReadLine WriteLine ReadToEnd Wait Result ContinueWith ConfigureAwait
  GetAwaiter GetResult Invoke BeginInvoke Parse TryParse
  `);

const RUBY = words(`
  each map select reject reduce inject each_with_index each_with_object find detect collect flat_map
  include? push append pop shift unshift first last sort sort_by min_by max_by group_by partition
  compact flatten uniq join split strip chomp chop gsub sub upcase downcase capitalize start_with?
  end_with? empty? nil? length size count keys values fetch merge update delete each_pair to_s to_i
  to_a to_h to_sym freeze frozen? dup clone call tap then
  `);

/** JS/TS: Array, String, Map/Set, Promise, Error, Function, Object, Math, JSON, Date, AbortSignal. */
const JS = words(`
  includes find findIndex findLast findLastIndex slice splice entries values keys sort toSorted catch
  then finally repeat toString toLocaleString message stack length push shift unshift filter reduce
  reduceRight forEach some every join split indexOf lastIndexOf concat flat flatMap fill reverse trim
  trimStart trimEnd replace replaceAll match matchAll test exec startsWith endsWith padStart padEnd
  toLowerCase toUpperCase charAt charCodeAt codePointAt substring substr localeCompare normalize size
  clear delete apply call bind valueOf toFixed toJSON getTime toISOString hasOwnProperty assign freeze
  floor ceil round random parse stringify resolve reject aborted abort signal
  `);

const BY_LANGUAGE: Record<string, Set<string>> = { python: PYTHON, java: JVM, kotlin: JVM, scala: JVM, csharp: CSHARP, ruby: RUBY, javascript: JS, typescript: JS, tsx: JS };

/** Whether `name` is a method the language's own types carry (a member name-only link skips it). */
export function isBuiltinMember(language: string, name: string): boolean {
  return BY_LANGUAGE[language]?.has(name) ?? false;
}

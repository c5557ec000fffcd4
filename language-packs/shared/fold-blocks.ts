/**
 * A property's signature with its code blocks folded to `{…}`: Swift's `didSet`/`willSet`/`get`/`set`
 * blocks, Kotlin's `by lazy { … }` and a delegate's trailing lambda (`Delegates.observable(0) { … }`), an
 * initialiser's closure (QA L D3: bodies of up to 19 lines had stood in the signature). String literals
 * are skipped (`"{x}"` stays); an empty `{}` stays; a block the signature's clip cut is `{…}` too.
 */
export function foldBlocks(signature: string): string {
  if (!signature.includes("{")) return signature;
  let out = "";
  let depth = 0;
  let open = 0;
  for (let i = 0; i < signature.length; i++) {
    const c = signature[i]!;
    if (c === '"' || (c === "'" && depth === 0 && /'(?:[^'\\]|\\.)'/y.test(signature.slice(i, i + 4)))) {
      const end = stringEnd(signature, i);
      if (depth === 0) out += signature.slice(i, end);
      i = end - 1;
      continue;
    }
    if (c === "{") {
      if (depth++ === 0) open = i;
      continue;
    }
    if (c === "}" && depth > 0) {
      if (--depth === 0) out += signature.slice(open + 1, i).trim() ? "{…}" : "{}";
      continue;
    }
    if (depth === 0) out += c;
  }
  // An unclosed block: the signature was clipped inside it (`by lazy { if (x) { … } else { f(a,…`: the
  // head is clipped before it is folded) — `{…}`; one not cut short keeps its text.
  if (depth === 0) return out;
  return signature.endsWith("…") ? `${out}{…}` : out + signature.slice(open);
}

/** The index after the string literal opening at `i` (`"…"`, `"""…"""`, `'x'`). */
function stringEnd(s: string, i: number): number {
  const q = s[i]!;
  if (s.startsWith('"""', i)) {
    const e = s.indexOf('"""', i + 3);
    return e < 0 ? s.length : e + 3;
  }
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "\\") j++;
    else if (s[j] === q) return j + 1;
  }
  return s.length;
}

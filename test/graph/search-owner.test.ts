/**
 * symbol_search for a qualified query, `Owner.member` (owner-uses.ts): the owner's definition first, then the
 * files using that very definition (the linker's receiver-type links: `r.Header.Get(…)`), then a member so named
 * under another owner (its definition's row), then files that only mention the member's name (QA: net/http's
 * `godebug.Get(…)` had ranked above `r.Header.Get(…)`; PyJWT's `encoded_string.decode()` second for `PyJWT.decode`).
 */
import { describe, expect, it } from "vitest";
import { Lens } from "../../core/engine.js";
import { tempCache, tempProject } from "./project.js";

tempCache();

const HEADER = `package http

// A Header represents the key-value pairs in an HTTP header.
type Header map[string][]string

// Get gets the first value associated with the given key.
func (h Header) Get(key string) string {
	return ""
}
`;

/** A long file whose one use of Header.Get is through a field of type Header (low BM25 for "header get"). */
const REQUEST = `package http

type Request struct {
	Method string
	Header Header
}

${Array.from({ length: 40 }, (_, i) => `func (r *Request) helper${i}(n${i} int) int {\n\treturn n${i} + ${i}\n}\n`).join("\n")}
func (r *Request) UserAgent() string {
	return r.Header.Get("User-Agent")
}
`;

/** A short file full of other \`Get\`s and the word header (high BM25): no use of Header.Get. */
const TRANSPORT = `package http

import "internal/godebug"

// header get: the header setting is read with godebug get.
func headerSetting() bool {
	if godebug.Get("http2client") == "0" {
		return godebug.Get("header") == "1"
	}
	return false
}
`;

/** Another owner's Get (an interface method), in a long file. */
const POOL = `package httputil

// A BufferPool is an interface for getting and returning temporary byte slices.
type BufferPool interface {
	Get() []byte
	Put([]byte)
}

${Array.from({ length: 30 }, (_, i) => `func proxyStep${i}(k${i} int) int {\n\treturn k${i} * ${i}\n}\n`).join("\n")}`;

const PY_JWT = `class PyJWT:
    def encode(self, payload):
        return payload

    def decode(self, jwt, key=""):
        return jwt
${Array.from({ length: 30 }, (_, i) => `\n    def step_${i}(self, value_${i}):\n        return value_${i} + ${i}\n`).join("")}
`;

/** Its first \`decode\` is another value's, above the class (as api_jws.py's line 163 is above PyJWS.decode). */
const PY_JWS = `def decode_text(encoded_string):
    return encoded_string.decode("utf-8")


class PyJWS:
    def decode(self, jws, key=""):
        return jws
`;

/** A short file that only calls some other value's decode, many times (high BM25 for "decode"). */
const PY_UTIL = `def force_text(encoded_bytes):
    return encoded_bytes.decode("utf-8").decode("ascii").decode("latin-1")
`;

async function rows(files: Record<string, string>, query: string, limit = 10) {
  const lens = await Lens.create({ cwd: tempProject(files) });
  expect((await lens.index()).warnings).toEqual([]);
  const r = await lens.symbolSearch(query, { limit });
  if (!r.available) throw new Error(r.reason);
  return r.hits;
}

describe("symbol_search Owner.member: the owner's uses before other owners' members and mere mentions", () => {
  it("Go's Header.Get: r.Header.Get(…) above godebug.Get(…), BufferPool.Get as its definition", async () => {
    const hits = await rows({ "go.mod": "module example.com/http\n", "header.go": HEADER, "request.go": REQUEST, "transport.go": TRANSPORT, "httputil/pool.go": POOL }, "Header.Get");
    const shown = JSON.stringify(hits.map((h) => [h.file, h.symbol, h.startLine, h.score]));
    expect(hits[0], shown).toMatchObject({ file: "header.go", symbol: "Header.Get", kind: "method" });
    const order = hits.map((h) => h.file);
    const use = REQUEST.split("\n").findIndex((l) => l.includes("r.Header.Get")) + 1;
    // The use, at its line, second: above the other owner's Get and the file of godebug.Get calls.
    expect(hits[1], shown).toMatchObject({ file: "request.go", startLine: use, suggestedNext: { tool: "read_enclosing", line: use } });
    expect(hits[1]!.symbol).toBeUndefined();
    expect(order.indexOf("httputil/pool.go"), shown).toBeLessThan(order.indexOf("transport.go"));
    expect(hits.find((h) => h.file === "httputil/pool.go")).toMatchObject({ symbol: "BufferPool.Get", otherOwner: true });
  });

  it("Python's PyJWT.decode: PyJWS.decode's definition, not its file's first encoded_string.decode(), above mere mentions", async () => {
    const hits = await rows({ "jwt/api_jwt.py": PY_JWT, "jwt/api_jws.py": PY_JWS, "jwt/utils.py": PY_UTIL }, "PyJWT.decode");
    const shown = JSON.stringify(hits.map((h) => [h.file, h.symbol, h.startLine, h.score]));
    expect(hits[0], shown).toMatchObject({ file: "jwt/api_jwt.py", symbol: "PyJWT.decode" });
    expect(hits[1], shown).toMatchObject({ file: "jwt/api_jws.py", symbol: "PyJWS.decode", kind: "method", startLine: 6, otherOwner: true });
    expect(hits[2], shown).toMatchObject({ file: "jwt/utils.py", startLine: 2 });
  });

  it("a qualified name no file defines (a package's function, godebug.Get): its mentions are not put below other owners' Gets", async () => {
    const hits = await rows({ "go.mod": "module example.com/http\n", "header.go": HEADER, "request.go": REQUEST, "transport.go": TRANSPORT, "httputil/pool.go": POOL }, "godebug.Get");
    const shown = JSON.stringify(hits.map((h) => [h.file, h.symbol, h.startLine, h.score]));
    expect(hits[0], shown).toMatchObject({ file: "transport.go", startLine: 7 });
    expect(hits[0]!.symbol).toBeUndefined();
  });

  it("a qualified name no file defines: the files naming it through its owner (godebug.Get(…)) rank above mere mentions, each at that line", async () => {
    // (net/http's server.go: its first Get is copyBufPool.Get(), line 574; godebug.Get("http2server") is at 3333 —
    // the row had pointed at 574, and ranked by words alone, below files of other values' Gets.)
    const server = `package http

import "internal/godebug"

func copyBuf() []byte {
\tbufp := copyBufPool.Get().(*[]byte)
\treturn *bufp
}
${Array.from({ length: 40 }, (_, i) => `func serveStep${i}(s${i} int) int {\n\treturn s${i} - ${i}\n}\n`).join("\n")}
func onceSetNextProtoDefaults() bool {
\treturn godebug.Get("http2server") == "0"
}
`;
    // A short file of other values' Gets and names made of both words (high BM25 for both).
    const util = "package http\n\nfunc pick(a, b, c getter) string {\n\tgodebugName, godebugValue := a.Get(), b.Get()\n\treturn godebugName + godebugValue + c.Get()\n}\n";
    const hits = await rows({ "go.mod": "module example.com/http\n", "header.go": HEADER, "transport.go": TRANSPORT, "server.go": server, "util.go": util }, "godebug.Get");
    const shown = JSON.stringify(hits.map((h) => [h.file, h.symbol, h.startLine, h.score]));
    const at = server.split("\n").findIndex((l) => l.includes("godebug.Get(")) + 1;
    expect(hits.slice(0, 2).map((h) => [h.file, h.startLine]).sort(), shown).toEqual([["server.go", at], ["transport.go", 7]]);
    expect(hits[0]!.suggestedNext.tool).toBe("read_enclosing");
    const order = hits.map((h) => h.file);
    expect(order.indexOf("util.go"), shown).toBeGreaterThan(1);
  });

  it("a bare name keeps its ranking: no owner, no owner tiers (the other file's member is an exact definition)", async () => {
    const hits = await rows({ "jwt/api_jwt.py": PY_JWT, "jwt/api_jws.py": PY_JWS, "jwt/utils.py": PY_UTIL }, "decode");
    expect(hits.slice(0, 2).map((h) => h.symbol).sort()).toEqual(["PyJWS.decode", "PyJWT.decode"]);
    expect(hits.find((h) => h.file === "jwt/utils.py")!.symbol).toBeUndefined();
  });
});

/**
 * Go resolves a function's parameter and result types in the scope around it: in
 * `func PostForm(url string, data url.Values)` (net/http's client.go) `url.Values` is package net/url's
 * type, though a parameter is named `url`. The graph had taken it for a member of the parameter, a value
 * of unknown type, and linked it by name to the project's one `Values` method (`Header.Values`).
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const PKG: Record<string, string> = {
  "web/header.go": `package web

// Header is a header map.
type Header map[string][]string

// Values returns all values of key.
func (h Header) Values(key string) []string { return h[key] }
`,
  "web/form.go": `package web

import "net/url"

// PostForm posts data.
func PostForm(url string, data url.Values) error {
\treturn nil
}

// Encode encodes v.
func Encode(
\tv url.Values,
\turl string,
) string {
\treturn url
}
`,
  "web/use.go": `package web

func first(h Header) string {
\treturn h.Values("a")[0]
}
`,
};

describe("a Go signature's selector through a parameter's name", () => {
  it("is the package's, no use of the project's member of that name", async () => {
    const u = await usedBy(PKG);
    expect(u("web/header.go", "Header.Values")).toEqual(["web/use.go"]);
  });
});

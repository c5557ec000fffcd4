/**
 * Go usedBy two steps down a chain: `c.server.Shutdown()` is the member of the type of the field
 * `server` of c's type (the receiver's or a typed local's), as the field's declaring file sees that type
 * (core/graph/go-package.ts goFieldMember); a field of another module's type links nothing; several
 * typed values on one line each get their link.
 */
import { describe, expect, it } from "vitest";
import { tempCache, usedBy } from "./project.js";

tempCache();

const WEB = [
  "package web",
  "",
  "import \"sync\"",
  "",
  "type Server struct{ Handler string }",
  "",
  "func (s *Server) Shutdown() error { return nil }",
  "",
  "type Client struct{ Name string }",
  "",
  "func (c *Client) Shutdown() error { return nil }",
  "",
  "type Locker struct{}",
  "",
  "func (l *Locker) Lock() {}",
  "",
  "type conn struct {",
  "\tserver *Server",
  "\tpeer   *Client",
  "\tmu     sync.Mutex",
  "}",
  "",
  "func (c *conn) serve() string {",
  "\tc.mu.Lock()",
  "\tc.server.Shutdown()",
  "\treturn c.server.Handler",
  "}",
  "",
  "func run(k *conn) { k.peer.Shutdown() }",
  "",
  "func both(k *conn, p *Client) { k.server.Shutdown(); p.Shutdown() }",
  "",
].join("\n");

const APP = [
  "package main",
  "",
  "import \"example.com/m/web\"",
  "",
  "type app struct{ srv *web.Server }",
  "",
  "func (a *app) stop() { a.srv.Shutdown() }",
  "",
].join("\n");

describe("Go: a member two steps down a chain", () => {
  it("is the member of the field's type — the receiver's field, a typed local's, another package's type; another module's type links nothing; two typed values on a line each link", async () => {
    const u = await usedBy({ "go.mod": "module example.com/m\n\ngo 1.19\n", "web/web.go": WEB, "app/main.go": APP });
    expect({
      serverShutdown: u("web/web.go", "Server.Shutdown"),
      clientShutdown: u("web/web.go", "Client.Shutdown"),
      handler: u("web/web.go", "Server.Handler"),
      lock: u("web/web.go", "Locker.Lock"),
    }).toEqual({
      serverShutdown: ["app/main.go", "conn.serve", "both"],
      clientShutdown: ["run", "both"],
      handler: ["conn.serve"],
      lock: [],
    });
  });
});

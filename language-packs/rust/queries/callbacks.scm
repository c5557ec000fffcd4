; Inline executables worth a handle. `move` / `async` flags are added in index.ts from the node text.
; Expression-bodied closures passed to calls (`.map(|x| x + 1)`) are iterator plumbing, not callbacks,
; unless they are `move` closures.

; spawned tasks: thread::spawn, tokio::spawn, rt.spawn, spawn_blocking, spawn_local, scope.spawn
((call_expression
   function: [(identifier) (scoped_identifier)] @callback.base
   arguments: (arguments [(closure_expression) (async_block)] @callback.task))
  (#match? @callback.base "(^|::)spawn(_blocking|_local)?$")
  (#set! flags "spawned"))
((call_expression
   function: (field_expression field: (field_identifier) @_m) @callback.base
   arguments: (arguments [(closure_expression) (async_block)] @callback.task))
  (#match? @_m "^spawn(_blocking|_local)?$")
  (#set! flags "spawned"))
((call_expression
   function: (generic_function function: [(identifier) (scoped_identifier)] @callback.base)
   arguments: (arguments [(closure_expression) (async_block)] @callback.task))
  (#match? @callback.base "(^|::)spawn(_blocking|_local)?$")
  (#set! flags "spawned"))

; closures and async blocks bound to a name, stored in a field, or assigned
(let_declaration pattern: (identifier) @callback.base value: [(closure_expression) (async_block)] @callback.closure)
(field_initializer name: (field_identifier) @callback.base value: [(closure_expression) (async_block)] @callback.closure)
(assignment_expression left: (_) @callback.base right: [(closure_expression) (async_block)] @callback.closure)

; closures passed to a call: block-bodied ones, and `move` closures of any shape
(call_expression
  function: [(identifier) (scoped_identifier)] @callback.base
  arguments: (arguments (closure_expression body: (block)) @callback.closure))
(call_expression
  function: (field_expression value: [(identifier) (self) (field_expression)] field: (field_identifier)) @callback.base
  arguments: (arguments (closure_expression body: (block)) @callback.closure))
(call_expression
  function: (field_expression value: [(call_expression) (macro_invocation) (index_expression) (try_expression) (await_expression) (parenthesized_expression) (generic_function)] field: (field_identifier) @callback.base)
  arguments: (arguments (closure_expression body: (block)) @callback.closure))
((call_expression
  function: [(identifier) (scoped_identifier)] @callback.base
  arguments: (arguments (closure_expression) @callback.closure))
  (#match? @callback.closure "^move"))
((call_expression
  function: (field_expression value: [(identifier) (self) (field_expression)] field: (field_identifier)) @callback.base
  arguments: (arguments (closure_expression) @callback.closure))
  (#match? @callback.closure "^move"))
((call_expression
  function: (field_expression value: [(call_expression) (macro_invocation) (index_expression) (try_expression) (await_expression) (parenthesized_expression) (generic_function)] field: (field_identifier) @callback.base)
  arguments: (arguments (closure_expression) @callback.closure))
  (#match? @callback.closure "^move"))

; Inline executables worth a handle. Closures and async blocks passed to calls are classified by the
; pack's callbackRules (spawn → task, other block-bodied closures → closure); `move` / `async` flags
; are added in index.ts from the node text. Expression-bodied closures passed to calls
; (`.map(|x| x + 1)`) are iterator plumbing, not callbacks.
; (A leaf pattern: the core takes the call's `function` as the callee; one rooted at call_expression
; kept a query state per enclosing call, quadratic on long method chains.)
(arguments [(closure_expression) (async_block)] @callback.call)

; closures and async blocks bound to a name, stored in a field, or assigned
(let_declaration pattern: (identifier) @callback.base value: [(closure_expression) (async_block)] @callback.closure)
(field_initializer name: (field_identifier) @callback.base value: [(closure_expression) (async_block)] @callback.closure)
(assignment_expression left: (_) @callback.base right: [(closure_expression) (async_block)] @callback.closure)

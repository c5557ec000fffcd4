; Inline executables worth a handle. Closures and async blocks passed to calls are classified by the
; pack's callbackRules (spawn → task, other block-bodied closures → closure); `move` / `async` flags
; are added in index.ts from the node text. Expression-bodied closures passed to calls
; (`.map(|x| x + 1)`) are iterator plumbing, not callbacks.
(call_expression function: (_) @callback.base arguments: (arguments [(closure_expression) (async_block)] @callback.call))

; closures and async blocks bound to a name, stored in a field, or assigned
(let_declaration pattern: (identifier) @callback.base value: [(closure_expression) (async_block)] @callback.closure)
(field_initializer name: (field_identifier) @callback.base value: [(closure_expression) (async_block)] @callback.closure)
(assignment_expression left: (_) @callback.base right: [(closure_expression) (async_block)] @callback.closure)

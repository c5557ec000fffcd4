; Closures worth a handle; flags for `self` capture are added by the pack's tap.

; A trailing closure: its kind by the callee (callbackRules in index.ts: tasks, timers, observers, any
; other a closure). One pattern for all, classified in code: a pattern per kind with `#match?` on the
; callee's last name cost tree-sitter's query analysis ~85 ms each on Swift's grammar (~300 ms of a
; Swift file's report). A closure argument (`sink(receiveValue: { … })`) is classified the same way.
; Both are leaves: the core takes the call's first child as the callee (rooted at `call_expression`,
; whose callee comes first, they kept a query state open per enclosing call — quadratic on a chain).
(call_suffix (lambda_literal) @callback.call)
(value_argument value: (lambda_literal) @callback.call)
(property_declaration name: (pattern bound_identifier: (simple_identifier) @callback.base) value: (lambda_literal) @callback.closure)
(lambda_literal) @callback.callback

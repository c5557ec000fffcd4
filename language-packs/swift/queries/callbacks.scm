; Closures worth a handle; flags for `self` capture are added by the pack's tap.

; A trailing closure: its kind by the callee (callbackRules in index.ts: tasks, timers, observers, any
; other a closure). One pattern for all, classified in code: a pattern per kind with `#match?` on the
; callee's last name cost tree-sitter's query analysis ~85 ms each on Swift's grammar (~300 ms of a
; Swift file's report).
(call_expression (_) @callback.base (call_suffix (lambda_literal) @callback.call))
(call_expression (_) @callback.base (call_suffix (value_arguments (value_argument value: (lambda_literal) @callback.closure))))
(property_declaration name: (pattern bound_identifier: (simple_identifier) @callback.base) value: (lambda_literal) @callback.closure)
(lambda_literal) @callback.callback

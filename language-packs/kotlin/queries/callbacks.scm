; Lambdas worth a handle; the core keeps the highest-weight kind per lambda and merges flags.

; A lambda handed to a call, trailing or as an argument: its kind by the callee (callbackRules in
; index.ts: coroutine builders, event listeners, any other a lambda). Leaves: the core takes the call's
; first child as the callee — patterns rooted at `call_expression`, whose callee comes first, kept a
; query state open per enclosing call (a 4,000-call chain took 18 s).
(annotated_lambda (lambda_literal) @callback.call)
(value_argument (lambda_literal) @callback.call)
(property_declaration (variable_declaration (simple_identifier) @callback.base) (lambda_literal) @callback.lambda)
; An infix call's lambda operand (expo's `AsyncFunction("get") Coroutine { -> … }`): the infix function is
; the callee (`Coroutine@12`, a lambda) — it had been the bare `callback@12`, kind callback.
(infix_expression (simple_identifier) @callback.base . (lambda_literal) @callback.call)
(lambda_literal) @callback.callback

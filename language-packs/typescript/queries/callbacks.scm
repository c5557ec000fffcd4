; Inline executables worth a handle: every arrow function and function expression. The pack places
; each by its parent (callbacks.ts): an argument of a call or `new` (classified by callbackRules), a
; member assignment (`el.onclick = () => {}`), an object property (`{ onMessage: () => {} }`, and the
; shorthand `{ async execute() {…} }`: a method_definition, class methods are skipped in code).
; One leaf pattern: patterns on call_expression / new_expression / assignment_expression / pair cost
; ~17 ms of query analysis on every cold start, and matched more slowly than this one.
[(arrow_function) (function_expression) (method_definition)] @function

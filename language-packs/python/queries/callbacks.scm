; Inline executables worth a handle. Lambdas passed to calls are `@callback.call`: the pack's
; callbackRules classify them by callee (timers, futures, tasks, handlers; any other call → lambda).
; Each pattern is a leaf: the core takes the callee from the enclosing call (a pattern rooted at the
; call kept a query state open per enclosing call — quadratic on a long method chain).
; References passed to timers / done-callbacks (`loop.call_later(5, self._tick)`): a name or attribute
; first or second among a call's arguments, `@ref.arg`; the pack checks the callee and the position in
; code (callbacks.ts) — a `#match?` on the callee's name would be a match per identifier to filter.

(argument_list (lambda) @callback.call)
(keyword_argument value: (lambda) @callback.call)

(argument_list . (_)? . [(identifier) (attribute)] @ref.arg)

; assigned to an attribute or item: self.on_done = lambda …, handlers["x"] = lambda …
(assignment left: [(attribute) (subscript)] @callback.base right: (lambda) @callback.assigned_callback)

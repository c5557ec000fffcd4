; Inline executables worth a handle. Lambdas passed to calls are `@callback.call`: the pack's
; callbackRules classify them by callee (timers, futures, tasks, handlers; any other call → lambda).
; Each pattern is a leaf: the core takes the callee from the enclosing call (a pattern rooted at the
; call kept a query state open per enclosing call — quadratic on a long method chain).
; References passed to timers / done-callbacks (`loop.call_later(5, self._tick)`) are found by the
; callee's name, `@ref.name`; the pack resolves the call and the argument in code (callbacks.ts).

(argument_list (lambda) @callback.call)
(keyword_argument value: (lambda) @callback.call)

((identifier) @ref.name
  (#match? @ref.name "^(call_soon|call_soon_threadsafe|call_later|call_at|Timer|add_done_callback)$"))

; assigned to an attribute or item: self.on_done = lambda …, handlers["x"] = lambda …
(assignment left: [(attribute) (subscript)] @callback.base right: (lambda) @callback.assigned_callback)

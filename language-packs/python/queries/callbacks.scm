; Inline executables worth a handle. Lambdas passed to calls are `@callback.call`: the pack's
; callbackRules classify them by callee (timers, futures, tasks, handlers; any other call → lambda).
; References passed to timers / done-callbacks (`loop.call_later(5, self._tick)`) are `@ref.*`
; captures the pack resolves in code (argument position, nested defs).

(call function: (_) @callback.base arguments: (argument_list (lambda) @callback.call))
(call function: (_) @callback.base arguments: (argument_list (keyword_argument value: (lambda) @callback.call)))

((call function: [(identifier) (attribute)] @ref.callee arguments: (argument_list . (_)? . [(identifier) (attribute)] @ref.arg))
  (#match? @ref.callee "(^|\\.)(call_soon|call_soon_threadsafe|call_later|call_at|Timer|add_done_callback)$"))

; assigned to an attribute or item: self.on_done = lambda …, handlers["x"] = lambda …
(assignment left: [(attribute) (subscript)] @callback.base right: (lambda) @callback.assigned_callback)

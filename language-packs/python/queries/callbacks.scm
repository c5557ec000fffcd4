; Inline executables worth a handle. The pack adds nested defs passed to calls, and references
; passed to timers / done-callbacks, in code. Flags via #set!; the core merges flags per node.

; timers: loop.call_soon[_threadsafe](cb, …), loop.call_later/call_at(when, cb, …), threading.Timer(t, cb)
((call function: (attribute attribute: (identifier) @_m) @callback.base
   arguments: (argument_list . [(lambda) (identifier) (attribute)] @callback.timer_callback))
  (#match? @_m "^(call_soon|call_soon_threadsafe)$")
  (#set! flags "detached timer"))
((call function: (attribute attribute: (identifier) @_m) @callback.base
   arguments: (argument_list . (_) . [(lambda) (identifier) (attribute)] @callback.timer_callback))
  (#match? @_m "^(call_later|call_at)$")
  (#set! flags "detached timer"))
((call function: [(identifier) (attribute)] @callback.base
   arguments: (argument_list . (_) . [(lambda) (identifier) (attribute)] @callback.timer_callback))
  (#match? @callback.base "(^|\\.)Timer$")
  (#set! flags "detached timer"))

; futures
((call function: (attribute attribute: (identifier) @_m) @callback.base
   arguments: (argument_list . [(lambda) (identifier) (attribute)] @callback.future_callback))
  (#eq? @_m "add_done_callback"))

; threads and executors
((call function: [(identifier) (attribute)] @callback.base
   arguments: (argument_list (keyword_argument name: (identifier) @_k value: (lambda) @callback.task)))
  (#match? @callback.base "(^|\\.)(Thread|Process)$") (#eq? @_k "target"))
((call function: (attribute attribute: (identifier) @_m) @callback.base
   arguments: (argument_list (lambda) @callback.task))
  (#match? @_m "^(submit|run_in_executor|apply_async|start_new_thread)$"))

; signal / exit handlers
((call function: [(identifier) (attribute)] @callback.base
   arguments: (argument_list (lambda) @callback.event_handler))
  (#match? @callback.base "(^|\\.)(signal\\.signal|add_signal_handler|atexit\\.register|connect|bind|add_listener|on)$"))

; any lambda passed to a call, positional or keyword (sorted(key=…), map, callbacks)
(call function: (_) @callback.base arguments: (argument_list (lambda) @callback.lambda))
(call function: (_) @callback.base arguments: (argument_list (keyword_argument value: (lambda) @callback.lambda)))

; assigned to an attribute or item: self.on_done = lambda …, handlers["x"] = lambda …
(assignment left: [(attribute) (subscript)] @callback.base right: (lambda) @callback.assigned_callback)

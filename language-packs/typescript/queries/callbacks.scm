; Inline executables worth a handle. Flags via #set!; the core merges flags of one function node.

; timers whose handle is discarded
((expression_statement (call_expression
   function: (identifier) @callback.base
   arguments: (arguments . [(arrow_function) (function_expression)] @callback.timer_callback)))
  (#match? @callback.base "^(setTimeout|setInterval|setImmediate)$")
  (#set! flags "detached timer"))
((call_expression
   function: [(identifier) (member_expression)] @callback.base
   arguments: (arguments . [(arrow_function) (function_expression)] @callback.timer_callback))
  (#match? @callback.base "(^|\\.)(setTimeout|setInterval|setImmediate|queueMicrotask|requestAnimationFrame|requestIdleCallback|nextTick)$"))

; event handlers for lifecycle events
((call_expression
   function: (member_expression property: (property_identifier) @_m) @callback.base
   arguments: (arguments . (string) @_ev [(arrow_function) (function_expression)] @callback.event_handler))
  (#match? @_m "^(on|once|addListener|prependListener|addEventListener)$")
  (#match? @_ev "(exit|SIGINT|SIGTERM|SIGHUP|beforeExit|close|unload|beforeunload|uncaughtException|unhandledRejection|shutdown|dispose|destroy|disconnect|end)")
  (#set! flags "lifecycle"))
; event handlers
((call_expression
   function: (member_expression property: (property_identifier) @_m) @callback.base
   arguments: (arguments [(arrow_function) (function_expression)] @callback.event_handler))
  (#match? @_m "^(on|once|off|addListener|prependListener|prependOnceListener|addEventListener|subscribe|listen|handle|use|watch|onDidChange[A-Za-z]*|on[A-Z][A-Za-z]*)$"))

; promise callbacks
((call_expression
   function: (member_expression property: (property_identifier) @_m) @callback.base
   arguments: (arguments [(arrow_function) (function_expression)] @callback.promise_callback))
  (#match? @_m "^(then|catch|finally)$"))
((new_expression constructor: (identifier) @callback.base
   arguments: (arguments . [(arrow_function) (function_expression)] @callback.promise_callback))
  (#eq? @callback.base "Promise"))

; assigned: el.onclick = () => {}, module.exports.handler = async () => {}
(assignment_expression left: (member_expression) @callback.base
  right: [(arrow_function) (function_expression)] @callback.assigned_callback)

; object properties: { onMessage: () => {} }
(pair key: (_) @callback.base value: [(arrow_function) (function_expression)] @callback.object_property_callback)

; any other block-bodied function passed to a call (test blocks, iterators, middleware)
(call_expression
  function: [(identifier) (member_expression)] @callback.base
  arguments: (arguments [(arrow_function body: (statement_block)) (function_expression)] @callback.callback))

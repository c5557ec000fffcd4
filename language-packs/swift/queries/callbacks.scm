; Closures worth a handle; flags for `self` capture are added by the pack's tap.

; tasks: Task { }, Task.detached { }, queue.async { }, DispatchQueue.main.asyncAfter(…) { }
((call_expression (simple_identifier) @callback.base (call_suffix (lambda_literal) @callback.task))
  (#match? @callback.base "^(Task|withTaskGroup|withThrowingTaskGroup|withCheckedContinuation|withCheckedThrowingContinuation)$"))
((call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_m)) @callback.base
   (call_suffix (lambda_literal) @callback.task))
  (#match? @_m "^(async|asyncAfter|sync|detached|addTask|perform)$"))
; timers
((call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_m)) @callback.base
   (call_suffix (lambda_literal) @callback.timer_callback))
  (#match? @_m "^(scheduledTimer|schedule|publish)$"))
; observers and publishers
((call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @_m)) @callback.base
   (call_suffix (lambda_literal) @callback.event_handler))
  (#match? @_m "^(sink|onReceive|onChange|onAppear|onDisappear|addObserver|observe|subscribe|on[A-Z][A-Za-z]*)$"))
; any other trailing closure or closure argument
(call_expression (_) @callback.base (call_suffix (lambda_literal) @callback.closure))
(call_expression (_) @callback.base (call_suffix (value_arguments (value_argument value: (lambda_literal) @callback.closure))))
(property_declaration name: (pattern bound_identifier: (simple_identifier) @callback.base) value: (lambda_literal) @callback.closure)
(lambda_literal) @callback.callback

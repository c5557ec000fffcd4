; Inline executables worth a handle: lambdas and anonymous classes. One-expression lambdas passed to
; calls (`map(x -> x.id)`) are stream plumbing and only count inside a known idiom below.

; tasks: new Thread(…), executor.submit/execute/schedule*(…), CompletableFuture.*Async(…)
((object_creation_expression type: (_) @callback.base
   arguments: (argument_list [(lambda_expression) (object_creation_expression (class_body))] @callback.task))
  (#match? @callback.base "^(Thread|java\\.lang\\.Thread)$"))
((object_creation_expression type: (_) @callback.base (class_body)) @callback.task
  (#match? @callback.base "^(Thread|TimerTask|java\\.lang\\.Thread)$"))
((method_invocation name: (identifier) @callback.base
   arguments: (argument_list [(lambda_expression) (object_creation_expression (class_body))] @callback.task))
  (#match? @callback.base "^(submit|execute|schedule|scheduleAtFixedRate|scheduleWithFixedDelay|invokeAll|invokeAny|runAsync|supplyAsync)$"))

; listeners: add*Listener / set*Listener / subscribe / on*(…)
((method_invocation name: (identifier) @callback.base
   arguments: (argument_list [(lambda_expression) (object_creation_expression (class_body))] @callback.event_handler))
  (#match? @callback.base "^(add[A-Za-z]*Listener|set[A-Za-z]*Listener|subscribe|addHandler|setOn[A-Z][A-Za-z]*)$")
  (#set! flags "listener"))

; future callbacks: thenApply/thenAccept/whenComplete/exceptionally/…
((method_invocation name: (identifier) @callback.base
   arguments: (argument_list (lambda_expression) @callback.future_callback))
  (#match? @callback.base "^(then[A-Z][A-Za-z]*|whenComplete(Async)?|exceptionally|handle(Async)?)$"))

; lambdas bound to a name or field, block-bodied lambdas passed to calls, anonymous classes
(variable_declarator name: (identifier) @callback.base value: (lambda_expression) @callback.lambda)
(assignment_expression left: (_) @callback.base right: (lambda_expression) @callback.lambda)
((method_invocation name: (identifier) @callback.base
   arguments: (argument_list (lambda_expression body: (block)) @callback.lambda)))
(object_creation_expression type: (_) @callback.base (class_body)) @callback.anonymous_class

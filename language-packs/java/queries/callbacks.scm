; Inline executables worth a handle: lambdas and anonymous classes. Those passed to a method are
; classified by the pack's callbackRules (executor submit/execute/schedule* → task, add*Listener /
; set*Listener / subscribe → event_handler, thenApply/… → future_callback, other block-bodied lambdas →
; lambda); one-expression lambdas passed to other calls (`map(x -> x.id)`) are stream plumbing. A leaf
; pattern: the core takes the invocation's `name` as the callee (rooted at `method_invocation`, whose
; `object` comes first, it kept a query state open per enclosing call — quadratic on a long chain).
(argument_list [(lambda_expression) (object_creation_expression (class_body))] @callback.call)

; threads: new Thread(() -> …), new Thread(new Runnable() { … }), new Thread() { … }, new TimerTask() { … }
((object_creation_expression type: (_) @callback.base
   arguments: (argument_list [(lambda_expression) (object_creation_expression (class_body))] @callback.task))
  (#match? @callback.base "^(java\\.lang\\.)?Thread$"))
((object_creation_expression type: (_) @callback.base (class_body)) @callback.task
  (#match? @callback.base "^((java\\.lang\\.)?Thread|(java\\.util\\.)?TimerTask)$"))

; lambdas bound to a name or field; any anonymous class
(variable_declarator name: (identifier) @callback.base value: (lambda_expression) @callback.lambda)
(assignment_expression left: (_) @callback.base right: (lambda_expression) @callback.lambda)
(object_creation_expression type: (_) @callback.base (class_body)) @callback.anonymous_class

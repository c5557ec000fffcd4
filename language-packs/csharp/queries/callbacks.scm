; Inline executables worth a handle. One-expression lambdas passed to calls (`Select(x => x.Id)`) are
; LINQ plumbing and only count inside a known idiom below.

; tasks: Task.Run, Task.Factory.StartNew, ThreadPool.QueueUserWorkItem, new Thread(…)
((invocation_expression
   function: (member_access_expression) @callback.base
   arguments: (argument_list (argument [(lambda_expression) (anonymous_method_expression)] @callback.task)))
  (#match? @callback.base "(^|\\.)(Task\\.Run|Factory\\.StartNew|ThreadPool\\.(Unsafe)?QueueUserWorkItem)$"))
((object_creation_expression type: (_) @callback.base
   arguments: (argument_list (argument [(lambda_expression) (anonymous_method_expression)] @callback.task)))
  (#match? @callback.base "^(Thread|System\\.Threading\\.Thread|Timer|System\\.Threading\\.Timer)$"))

; event subscriptions: x.E += (s, e) => …, x.E += delegate { … }
((assignment_expression left: (_) @callback.base (assignment_operator) @_op
   right: [(lambda_expression) (anonymous_method_expression)] @callback.event_handler)
  (#eq? @_op "+="))
; … and method groups: x.E += OnClick, x.E += new EventHandler(OnClick)
((assignment_expression left: (_) @callback.base (assignment_operator) @_op
   right: [(identifier) (member_access_expression)] @_h) @callback.event_handler
  (#eq? @_op "+=") (#match? @_h "(^|\\.)(On[A-Z]\\w*|Handle[A-Z]\\w*|\\w+Handler|\\w+Changed|\\w+Callback)$"))
((assignment_expression left: (_) @callback.base (assignment_operator) @_op
   right: (object_creation_expression type: (_) @_t)) @callback.event_handler
  (#eq? @_op "+=") (#match? @_t "(Handler|Callback)(<.*>)?$"))

; continuations
((invocation_expression
   function: (member_access_expression name: (identifier) @_m) @callback.base
   arguments: (argument_list (argument (lambda_expression) @callback.future_callback)))
  (#match? @_m "^(ContinueWith|Subscribe|Register)$"))

; lambdas bound to a name, assigned, or block-bodied and passed to a call
(variable_declarator (identifier) @callback.base (equals_value_clause [(lambda_expression) (anonymous_method_expression)] @callback.lambda))
((assignment_expression left: (_) @callback.base (assignment_operator) @_op
   right: [(lambda_expression) (anonymous_method_expression)] @callback.lambda)
  (#eq? @_op "="))
(invocation_expression
  function: (_) @callback.base
  arguments: (argument_list (argument [(lambda_expression body: (block)) (anonymous_method_expression)] @callback.lambda)))

; Inline executables worth a handle. Lambdas passed to calls are classified by the pack's
; callbackRules (Task.Run / Task.Factory.StartNew / ThreadPool → task, ContinueWith → future_callback,
; other block-bodied lambdas → lambda); one-expression lambdas (`Select(x => x.Id)`) are LINQ plumbing.
(invocation_expression function: (_) @callback.base
  arguments: (argument_list (argument [(lambda_expression) (anonymous_method_expression)] @callback.call)))
((object_creation_expression type: (_) @callback.base
   arguments: (argument_list (argument [(lambda_expression) (anonymous_method_expression)] @callback.task)))
  (#match? @callback.base "^(System\\.Threading\\.)?(Thread|Timer)$"))

; event subscriptions: x.E += (s, e) => …, x.E += delegate { … }, x.E += OnClick, x.E += new Handler(OnClick).
; index.ts keeps a `+=` whose right side is a lambda, or a method group named like a handler (OnX,
; HandleX, XHandler, XChanged, XCallback, new XHandler(…)): `total += amount` has the same shape.
((assignment_expression left: (_) @callback.base (assignment_operator) @_op) @callback.subscription
  (#eq? @_op "+="))
(assignment_expression left: (_) @callback.base right: [(lambda_expression) (anonymous_method_expression)] @callback.lambda)

; lambdas bound to a name
(variable_declarator (identifier) @callback.base (equals_value_clause [(lambda_expression) (anonymous_method_expression)] @callback.lambda))

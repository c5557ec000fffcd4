; Lambdas worth a handle. The core keeps one entry per lambda: the highest-weight kind wins and the
; flags of every matching pattern are merged.

; threads and async tasks: std::thread t(λ), std::thread(λ), std::async(policy, λ), std::jthread
((declaration
   type: (_) @callback.base
   declarator: (init_declarator value: [(argument_list (lambda_expression) @callback.task)
                                         (initializer_list (lambda_expression) @callback.task)]))
  (#match? @callback.base "(^|::)(thread|jthread)$"))

; a lambda passed to a call: a task for std::thread(λ), std::async(policy, λ), else a lambda (callbackRules
; in index.ts). A leaf: the core takes the call's `function` as the callee (rooted at `call_expression`,
; whose function comes first, it kept a query state open per enclosing call — quadratic on a chain).
(argument_list (lambda_expression) @callback.call)

; a lambda stored in a variable
(init_declarator declarator: (_) @callback.base value: (lambda_expression) @callback.lambda)
(assignment_expression left: (_) @callback.base right: (lambda_expression) @callback.lambda)

; any other lambda, and the capture flags
(lambda_expression) @callback.callback
((lambda_expression captures: (lambda_capture_specifier) @_c) @callback.callback
  (#match? @_c "&")
  (#set! flags "captures by reference"))

; Lambdas worth a handle. The core keeps one entry per lambda: the highest-weight kind wins and the
; flags of every matching pattern are merged.

; threads and async tasks: std::thread t(λ), std::thread(λ), std::async(policy, λ), std::jthread
((declaration
   type: (_) @callback.base
   declarator: (init_declarator value: [(argument_list (lambda_expression) @callback.task)
                                         (initializer_list (lambda_expression) @callback.task)]))
  (#match? @callback.base "(^|::)(thread|jthread)$"))
((call_expression function: (_) @callback.base arguments: (argument_list (lambda_expression) @callback.task))
  (#match? @callback.base "(^|::)(thread|jthread|async)$"))

; a lambda stored in a variable or passed to a call
(init_declarator declarator: (_) @callback.base value: (lambda_expression) @callback.lambda)
(assignment_expression left: (_) @callback.base right: (lambda_expression) @callback.lambda)
(call_expression function: (_) @callback.base arguments: (argument_list (lambda_expression) @callback.lambda))

; any other lambda, and the capture flags
(lambda_expression) @callback.callback
((lambda_expression captures: (lambda_capture_specifier) @_c) @callback.callback
  (#match? @_c "&")
  (#set! flags "captures by reference"))

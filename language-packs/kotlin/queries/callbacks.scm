; Lambdas worth a handle; the core keeps the highest-weight kind per lambda and merges flags.

; coroutine builders: launch { }, scope.async { }, withContext(ctx) { }, runBlocking { }
((call_expression (simple_identifier) @callback.base
   (call_suffix (annotated_lambda (lambda_literal) @callback.coroutine)))
  (#match? @callback.base "^(launch|async|withContext|runBlocking|coroutineScope|supervisorScope|flow|channelFlow|produce|actor|future|promise)$"))
((call_expression (navigation_expression (navigation_suffix (simple_identifier) @_m)) @callback.base
   (call_suffix (annotated_lambda (lambda_literal) @callback.coroutine)))
  (#match? @_m "^(launch|async|withContext|runBlocking|coroutineScope|supervisorScope|flow|produce|actor|future)$"))
((call_expression (call_expression (simple_identifier) @callback.base)
   (call_suffix (annotated_lambda (lambda_literal) @callback.coroutine)))
  (#match? @callback.base "^(launch|async|withContext|runBlocking|coroutineScope|supervisorScope)$"))
((call_expression (call_expression (navigation_expression (navigation_suffix (simple_identifier) @_m)) @callback.base)
   (call_suffix (annotated_lambda (lambda_literal) @callback.coroutine)))
  (#match? @_m "^(launch|async|withContext|runBlocking)$"))

; event listeners: x.setOnClickListener { }, flow.collect { }, x.addListener { }
((call_expression (navigation_expression (navigation_suffix (simple_identifier) @_m)) @callback.base
   (call_suffix (annotated_lambda (lambda_literal) @callback.event_handler)))
  (#match? @_m "^(setOn[A-Z][A-Za-z]*Listener|addListener|add[A-Z][A-Za-z]*Listener|subscribe|observe|collect|collectLatest|onEach|on[A-Z][A-Za-z]*|invokeOnCompletion)$"))

; any other trailing lambda or lambda argument
(call_expression (_) @callback.base (call_suffix (annotated_lambda (lambda_literal) @callback.lambda)))
(call_expression (_) @callback.base (call_suffix (value_arguments (value_argument (lambda_literal) @callback.lambda))))
(property_declaration (variable_declaration (simple_identifier) @callback.base) (lambda_literal) @callback.lambda)
(lambda_literal) @callback.callback

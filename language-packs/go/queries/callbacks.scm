; Inline func literals worth a handle. Flags via #set!; the core keeps the most specific kind per literal.

(go_statement "go" @callback.base (call_expression function: (func_literal) @callback.goroutine))
(defer_statement "defer" @callback.base (call_expression function: (func_literal) @callback.deferred_callback))

; time.AfterFunc(d, func(){…}): runs later on its own goroutine
((call_expression function: (_) @callback.base
   arguments: (argument_list (func_literal) @callback.timer_callback))
  (#match? @callback.base "(^|\\.)AfterFunc$") (#set! flags "detached timer"))
; errgroup/WaitGroup.Go(func…), pool.Submit(func…): tasks on other goroutines
((call_expression function: (selector_expression field: (field_identifier) @_m) @callback.base
   arguments: (argument_list (func_literal) @callback.goroutine))
  (#match? @_m "^(Go|Submit|Spawn|TryGo)$"))
; HTTP handlers and event subscriptions
((call_expression function: (_) @callback.base
   arguments: (argument_list (func_literal) @callback.event_handler))
  (#match? @callback.base "(^|\\.)(HandleFunc|Handle|HandlerFunc|On[A-Z][A-Za-z]*|Subscribe|AddListener|Notify)$"))

; any other func literal passed to a call (sort.Slice, sync.Once.Do, filepath.Walk, t.Run)
(call_expression function: (_) @callback.base arguments: (argument_list (func_literal) @callback.callback))
; conversions and immediately invoked literals: http.HandlerFunc(func…) handled above; func(){…}()
(call_expression function: (func_literal) @callback.closure)

; assigned: f := func…, x.OnClose = func…, var f = func… inside a function
(short_var_declaration left: (expression_list . (_) @callback.base) right: (expression_list . (func_literal) @callback.assigned_callback))
(assignment_statement left: (expression_list . (_) @callback.base) right: (expression_list . (func_literal) @callback.assigned_callback))
(block (var_declaration (var_spec . (identifier) @callback.base value: (expression_list . (func_literal) @callback.assigned_callback))))

; struct literal fields: Server{OnClose: func(){…}}
(keyed_element . (literal_element (_) @callback.base) . (literal_element (func_literal) @callback.object_property_callback))

; returned closures
(return_statement "return" @callback.base (expression_list (func_literal) @callback.closure))

; Inline func literals worth a handle. Flags via #set!; the core keeps the most specific kind per literal.

(go_statement "go" @callback.base (call_expression function: (func_literal) @callback.goroutine))
(defer_statement "defer" @callback.base (call_expression function: (func_literal) @callback.deferred_callback))

; func literals passed to calls: the pack's callbackRules classify them by callee (time.AfterFunc,
; errgroup.Go, http.HandleFunc, …; any other call → callback: sort.Slice, sync.Once.Do, t.Run)
; (A leaf pattern: the core takes the call's `function` as the callee. One rooted at call_expression kept
; a query state open per enclosing call: quadratic on a builder chain thousands of calls long.)
(argument_list (func_literal) @callback.call)
; immediately invoked literals: func(){…}()
(call_expression function: (func_literal) @callback.closure)

; assigned: f := func…, x.OnClose = func…, var f = func… inside a function
(short_var_declaration left: (expression_list . (_) @callback.base) right: (expression_list . (func_literal) @callback.assigned_callback))
(assignment_statement left: (expression_list . (_) @callback.base) right: (expression_list . (func_literal) @callback.assigned_callback))
(block (var_declaration (var_spec . (identifier) @callback.base value: (expression_list . (func_literal) @callback.assigned_callback))))

; struct literal fields: Server{OnClose: func(){…}}
(keyed_element . (literal_element (_) @callback.base) . (literal_element (func_literal) @callback.object_property_callback))

; returned closures
(return_statement "return" @callback.base (expression_list (func_literal) @callback.closure))

; Blocks worth a handle (a C++ lambda of a .mm is masked into a block before the parse: objcpp.ts).
; A block handed to a C call (`dispatch_async(q, ^{ … })`): its kind by the callee (callbackRules in
; index.ts: GCD and operation queues are tasks, any other a block). A leaf: the core takes the call's callee.
(argument_list (block_literal) @callback.call)
; A block handed to a message: named by the selector keyword before it (`completionHandler@12`,
; `animations@40`), classified by that keyword.
(message_expression (identifier) @callback.base . (block_literal) @callback.call)
; Any other block (assigned to a variable, returned).
(block_literal) @callback.callback

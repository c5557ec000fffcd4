; Emacs Lisp definitions. Names with `--` are private by convention (settled in index.ts).

(function_definition name: (symbol) @name) @definition.function
(macro_definition name: (symbol) @name) @definition.macro
(special_form "defvar" . (symbol) @name) @definition.variable
(special_form "defconst" . (symbol) @name) @definition.constant

; macro-defined definitions: (cl-defun name …), (defcustom name …), (define-minor-mode name …)
((list . (symbol) @_k . (symbol) @name) @definition.function
  (#match? @_k "^(cl-defun|cl-defgeneric|cl-defmethod|defsubst|cl-defsubst|define-inline|defalias)$"))
((list . (symbol) @_k . (quote (symbol) @name)) @definition.function
  (#eq? @_k "defalias"))
((list . (symbol) @_k . (symbol) @name) @definition.macro
  (#match? @_k "^(cl-defmacro)$"))
((list . (symbol) @_k . (symbol) @name) @definition.variable
  (#match? @_k "^(defcustom|defvar-local|defface)$"))
((list . (symbol) @_k . (symbol) @name) @definition.function
  (#match? @_k "^(define-minor-mode|define-derived-mode|define-globalized-minor-mode)$"))
((list . (symbol) @_k . [(symbol) (list . (symbol))] @name) @definition.struct
  (#eq? @_k "cl-defstruct"))

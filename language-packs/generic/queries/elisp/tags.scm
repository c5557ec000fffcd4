; Emacs Lisp definitions. Names with `--` are private by convention (settled in index.ts).

(function_definition name: (symbol) @name) @definition.function
(macro_definition name: (symbol) @name) @definition.macro
(special_form "defvar" . (symbol) @name) @definition.variable
(special_form "defconst" . (symbol) @name) @definition.constant

; macro-defined definitions: (cl-defun name …), (defcustom name …), (define-minor-mode name …)
((list . (symbol) @_k . (symbol) @name) @definition.function
  (#match? @_k "^(cl-defun|cl-defgeneric|cl-defmethod|defsubst|cl-defsubst|define-inline|defalias)$"))
((list . (symbol) @_k . (quote (symbol) @name)) @definition.function
  (#match? @_k "^(defalias|define-obsolete-function-alias)$"))
((list . (symbol) @_k . (quote (symbol) @name)) @definition.variable
  (#match? @_k "^(defvaralias|define-obsolete-variable-alias)$"))
((list . (symbol) @_k . (symbol) @name) @definition.macro
  (#match? @_k "^(cl-defmacro)$"))
((list . (symbol) @_k . (symbol) @name) @definition.variable
  (#match? @_k "^(defcustom|defvar-local|defface|defvar-keymap)$"))
; modes, and transient's commands (magit's `transient-define-prefix magit-push`)
((list . (symbol) @_k . (symbol) @name) @definition.function
  (#match? @_k "^(define-minor-mode|define-derived-mode|define-globalized-minor-mode|define-global-minor-mode|define-generic-mode|transient-define-prefix|transient-define-suffix|transient-define-infix|transient-define-argument)$"))
; EIEIO classes; `(define-error 'name "message")`
((list . (symbol) @_k . (symbol) @name) @definition.class
  (#eq? @_k "defclass"))
((list . (symbol) @_k . (quote (symbol) @name)) @definition.type
  (#eq? @_k "define-error"))
; `(cl-defstruct name …)`, `(cl-defstruct (name (:constructor …)) …)`: the name, not the options
((list . (symbol) @_k . (symbol) @name) @definition.struct
  (#eq? @_k "cl-defstruct"))
((list . (symbol) @_k . (list . (symbol) @name)) @definition.struct
  (#eq? @_k "cl-defstruct"))

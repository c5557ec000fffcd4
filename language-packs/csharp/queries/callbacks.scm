; Inline executables worth a handle, as leaf patterns: each lambda and anonymous method, and each
; assignment operator (for `+=` subscriptions). callbacks.ts places them by their parents:
; - a lambda passed to a call, classified by the pack's callbackRules (Task.Run / Task.Factory.StartNew /
;   ThreadPool → task, ContinueWith → future_callback, other block-bodied lambdas → lambda; one-expression
;   lambdas (`Select(x => x.Id)`) are LINQ plumbing), or to `new Thread(…)` / `new Timer(…)` → task;
; - event subscriptions: x.E += (s, e) => …, x.E += delegate { … }, x.E += OnClick, x.E += new Handler(OnClick).
;   index.ts keeps a `+=` whose right side is a lambda, or a method group named like a handler (OnX,
;   HandleX, XHandler, XChanged, XCallback, new XHandler(…)): `total += amount` has the same shape;
; - a lambda assigned (`x = () => …`) or bound to a name (`Action a = () => …`).
; Patterns on invocation_expression / object_creation_expression / assignment_expression cost ~135 ms
; of query analysis on every cold start (the `right:` of an assignment alone 50 ms).
[(lambda_expression) (anonymous_method_expression) (assignment_operator)] @function

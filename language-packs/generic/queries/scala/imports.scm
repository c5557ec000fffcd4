; The path is read off the whole declaration in scala.ts (this grammar splits it into one `path` per segment):
; `import scala.collection.mutable`, `import scala.concurrent.{Future, Promise}` → scala.concurrent.
(import_declaration) @import.source

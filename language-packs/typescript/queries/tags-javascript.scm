; JavaScript-only definitions.

(field_definition property: (_) @name) @definition.property

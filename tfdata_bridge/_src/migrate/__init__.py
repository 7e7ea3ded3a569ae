"""The migration tool's work: find legacy queue code (``scanner``) and rewrite it (``to_compat``,
``to_tfdata``). libcst and the mapping table only: nothing here imports TensorFlow."""

"""Scaling a pipeline out of one process: the tf.data service (``service.py``; for an unchanged drop-in
program, ``dropin_service.py``, set by ``TFDATA_BRIDGE_SERVICE`` or ``configure(service=...)``), iterator
checkpoints (``checkpoint.py``), a Python producer's output written to TFRecord files and read natively
(``materialize.py``), and the check they share that a pipeline can leave this process (``portable.py``).
Process workers live in ``runtime/``; ``tf.distribute`` needs nothing of ours (docs/scaling-out.md)."""

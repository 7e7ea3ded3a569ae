"""Scaling a pipeline out of one process: the tf.data service (``service.py``), iterator checkpoints
(``checkpoint.py``), and the check both share that a pipeline can leave this process (``portable.py``).
Process workers live in ``runtime/``; ``tf.distribute`` needs nothing of ours (docs/scaling-out.md)."""

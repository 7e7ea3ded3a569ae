"""The drop-in ``tf.train.Supervisor``: TensorFlow's own, whose sessions are made with the drop-in
``Session``'s ``ConfigProto`` (``session.startup_config``: grappler's MLIR passes off unless the program set
rewrite options of its own).

A Supervisor makes a ``tf.Session`` of TensorFlow's inside its ``SessionManager`` and starts the graph's
queue runners (the bridge's among them) itself. Each new run signature of that session is optimized by
grappler, and its MLIR passes converted the whole function library (the pipelines' functions) each time:
on round 8's Supervisor programs about a tenth of their CPU before the first batch
(``benchmarks/startup_cpu.py``). Everything else is TensorFlow's Supervisor, unchanged.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.compat import session
from tfdata_bridge._src.tf import tf

__all__ = ["Supervisor"]

tf1 = tf.compat.v1


class Supervisor(tf1.train.Supervisor):
    """``tf.compat.v1.train.Supervisor``; its sessions are made with ``session.startup_config(config)``."""

    def prepare_or_wait_for_session(self, master: str = "", config: Any = None, *args: Any, **kwargs: Any) -> Any:
        # (managed_session calls this with its own config)
        return super().prepare_or_wait_for_session(master, session.startup_config(config), *args, **kwargs)

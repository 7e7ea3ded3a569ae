"""The drop-in ``tf.train.Supervisor``: TensorFlow's own, which settles the graph before finalizing it, makes
its sessions the drop-in's, with the drop-in ``Session``'s ``ConfigProto``.

TensorFlow's ``Supervisor`` makes its ``tf.Session`` inside TensorFlow (``SessionManager``), runs the init
ops there, then starts the queue runners of the graph's collection with its own ``Coordinator``
(``start_standard_services`` -> ``start_queue_runners``). Neither the drop-in ``Session`` nor its
``start_queue_runners`` ever runs, so with TensorFlow's class two consumers of one input producer each
read every element (``shared_streams.settle`` never ran), silently, and a read the program runs directly
stays a stand-in. This class:

- settles the graph (``shared_streams.settle``) when it is made: TensorFlow's ``Supervisor`` finalizes the
  graph in its ``__init__``, so the graph is complete then, and no session has run it yet. A stream shared
  now adds its runner to the collection the supervisor starts;
- makes its sessions with ``session.startup_config(config)`` (grappler's MLIR passes off unless the program
  set rewrite options of its own: they converted the pipelines' whole function library at each new run
  signature, about a tenth of round 8's Supervisor programs' CPU before the first batch);
- makes each session it starts runners in the drop-in ``Session`` (as ``monitored.BridgeHook`` does for the
  monitored sessions) and starts the lifted pipelines with the supervisor's ``Coordinator``, once per session
  (``lifted_runners.start_pipelines``), so a lifted producer's error reaches ``sv.coord`` as legacy's
  runner's did.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.compat import lifted_runners, session, shared_streams
from tfdata_bridge._src.tf import tf

__all__ = ["Supervisor"]

tf1 = tf.compat.v1


class Supervisor(tf1.train.Supervisor):
    """``tf.compat.v1.train.Supervisor``; see the module docstring for what it adds."""

    def __init__(self, graph: Any = None, *args: Any, **kwargs: Any) -> None:
        # before TensorFlow's __init__ finalizes the graph: settling may add a shared stream's ops
        shared_streams.settle(graph if graph is not None else tf1.get_default_graph(), stacklevel=2)
        super().__init__(graph, *args, **kwargs)

    def prepare_or_wait_for_session(self, master: str = "", config: Any = None, *args: Any, **kwargs: Any) -> Any:
        # (managed_session calls this with its own config)
        return super().prepare_or_wait_for_session(master, session.startup_config(config), *args, **kwargs)

    def start_queue_runners(self, sess: Any, queue_runners: Any = None) -> list[Any]:
        if type(sess) is tf1.Session:
            # as monitored.BridgeHook: SessionManager makes tf.Session itself; the drop-in Session only
            # overrides methods and keeps no state of its own from __init__, so the object takes its class
            sess.__class__ = session.Session
        threads = super().start_queue_runners(sess, queue_runners)
        lifted_runners.start_pipelines(sess, self.coord)  # as legacy's runners did (no-op if a runner did)
        return threads

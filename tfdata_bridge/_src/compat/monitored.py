"""The drop-in ``tf.train.MonitoredSession``, ``SingularMonitoredSession`` and ``MonitoredTrainingSession``:
TensorFlow's own, with one hook of the bridge's added first (``BridgeHook``).

A monitored session makes its ``tf.Session`` inside TensorFlow (``SessionManager``), starts the queue
runners there with its own ``Coordinator``, then calls every hook's ``after_create_session(session,
coord)`` before the program's first ``run``, and again for each session it re-creates after a
recoverable error. The bridge's hook does, for that session, what the drop-in ``Session`` and
``start_queue_runners`` do for a plain one:

- the session becomes the drop-in ``Session`` (``session.py``, as ``HookedSession``): the feed-thread
  fast path, and a lifted producer's error handed to the monitored session's ``Coordinator`` with
  ``OutOfRangeError`` at the consumer, so ``should_stop()`` / ``close()`` raise it as legacy's did;
- the lifted pipelines start producing (``pipelines.started``), bounded by capacity, as legacy's
  runners did when the monitored session started them.

Its sessions are made with the drop-in ``Session``'s ``ConfigProto`` (``session.startup_config``: grappler's
MLIR passes off unless the program set rewrite options): the ``config`` of ``MonitoredTrainingSession`` and
``SingularMonitoredSession`` (a ``MonitoredSession``'s sessions are its ``session_creator``'s, whose default
TensorFlow chooses by its distribution context: left as they are). A monitored session's first runs paid those passes over the pipelines' functions at each
new run signature (``benchmarks/startup_cpu.py``).
"""

from __future__ import annotations

import inspect
from typing import Any

from tfdata_bridge._src.compat import fast_feed, lifted_runners, session, shared_streams
from tfdata_bridge._src.tf import tf

__all__ = ["BridgeHook", "MonitoredSession", "MonitoredTrainingSession", "SingularMonitoredSession"]

tf1 = tf.compat.v1


class HookedSession(session.Session):
    """The drop-in ``Session`` as a monitored session calls it: every ``run`` arrives as
    ``run({'caller': fetches, <hook>: <what the hook asked for>...}, options=RunOptions(),
    run_metadata=RunMetadata())``.

    - ``{'caller': enqueue_op}`` (no hook asks for anything): the fast path, as on a plain session; a
      close queues behind the fed elements.
    - An enqueue or close with hooks' fetches, feeds or options (``MonitoredTrainingSession``'s step
      counter asks for the global step in every run): the ordinary step, after what the fast path still
      holds, so the fed order stays legacy's. The step is needed for the hooks' fetches anyway; making
      it without the enqueue and handing the fed values to the fast path measured slower (0.7x), the
      flusher's steps competing with the feeder's for the GIL."""

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        if not isinstance(fetches, dict) or not fetches:
            return super().run(fetches, feed_dict, options, run_metadata)
        queue_ops = [key for key, fetch in fetches.items()
                     if not isinstance(fetch, (list, tuple, dict)) and fast_feed.is_queue_op(self, fetch)]
        if len(fetches) == 1 and queue_ops and _unset(options) and _unset(run_metadata):
            return {queue_ops[0]: super().run(fetches[queue_ops[0]], feed_dict)}
        if queue_ops:
            fast_feed.drain(self)
        return super().run(fetches, feed_dict, options, run_metadata)


def _unset(proto: Any) -> bool:
    return proto is None or proto.ByteSize() == 0


class BridgeHook(tf1.train.SessionRunHook):
    """Turns each session a monitored session creates into the drop-in ``Session`` and starts the
    graph's lifted pipelines with the monitored session's ``Coordinator``."""

    def begin(self) -> None:
        # before the graph is finalized: sources with several consumers become shared (their queue runner
        # joins the collection the monitored session starts)
        shared_streams.settle(tf1.get_default_graph())

    def after_create_session(self, sess: Any, coord: Any) -> None:
        if type(sess) is tf1.Session:
            # TensorFlow's SessionManager constructs tf.Session itself and offers no way to choose the
            # class. The drop-in Session only overrides methods and keeps no state set up in __init__,
            # so the object can take its class as it is (the same layout, nothing to initialise).
            sess.__class__ = HookedSession
        lifted_runners.start_pipelines(sess, coord)


def _with_bridge_hook(function: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> inspect.BoundArguments:
    bound = inspect.signature(function).bind(*args, **kwargs)
    hooks = list(bound.arguments.get("hooks") or [])
    bound.arguments["hooks"] = [BridgeHook()] + hooks
    if "config" in inspect.signature(function).parameters:  # the sessions it makes: the drop-in's config
        bound.arguments["config"] = session.startup_config(bound.arguments.get("config"))
    return bound


class MonitoredSession(tf1.train.MonitoredSession):
    """``tf.compat.v1.train.MonitoredSession`` with the bridge's hook first (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        bound = _with_bridge_hook(tf1.train.MonitoredSession.__init__, (self, *args), kwargs)
        super().__init__(*bound.args[1:], **bound.kwargs)


class SingularMonitoredSession(tf1.train.SingularMonitoredSession):
    """``tf.compat.v1.train.SingularMonitoredSession`` with the bridge's hook first (see the module
    docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        bound = _with_bridge_hook(tf1.train.SingularMonitoredSession.__init__, (self, *args), kwargs)
        super().__init__(*bound.args[1:], **bound.kwargs)


def MonitoredTrainingSession(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - TensorFlow's name
    """``tf.compat.v1.train.MonitoredTrainingSession`` with the bridge's hook first (see the module
    docstring); same arguments, a ``MonitoredSession`` back."""
    bound = _with_bridge_hook(tf1.train.MonitoredTrainingSession, args, kwargs)
    return tf1.train.MonitoredTrainingSession(*bound.args, **bound.kwargs)


MonitoredTrainingSession.__signature__ = inspect.signature(tf1.train.MonitoredTrainingSession)  # type: ignore[attr-defined]

"""The drop-in ``tf.Session`` and ``tf.InteractiveSession``: TensorFlow's own, whose ``run``
- hands a lifted producer's error to the program's ``Coordinator`` as legacy's runner threads did
  (``pipelines.consumer_error``);
- takes the feed-thread fast path: an enqueue op fed straight from placeholders skips the session step
  (``fast_feed.py``), and a run that dequeues from such a queue tells the fast path the room it made;
- waits on a lifted pipeline's ``get_next`` in a way ``close()`` ends, with ``CancelledError`` as legacy
  (``session_release.py``);
- first settles which input producers have several consumers (``shared_streams.py``);
- is made with the session's MLIR graph passes (grappler's ``tfg_optimizer``) off, unless the program's
  ``config`` sets rewrite options of its own (``startup_config``);
- runs a training loop's repeated fetch through ``make_callable``. ``Session.run`` spends about 150 µs
  of Python per call taking the fetches apart and putting the results together again; a callable
  does that once. On the two-core machines that Python competed for the GIL with the bridge's
  producer threads, and the ``py_func`` + ``train.batch`` program ran a third slower for it. Only runs
  without feeds, options or metadata, fetching a ``Tensor``, an ``Operation`` or a flat list or tuple
  of them, take it; the results, and the errors (``tf_private.session_call``), are ``run``'s.
Everything else is TensorFlow's session, unchanged."""

from __future__ import annotations

import warnings
from typing import Any

from tfdata_bridge._src.compat import (batch_retry, fast_feed, graph_queues, lifted_runners, pipelines, session_release,
                                       shared_streams)
from tfdata_bridge._src import tf_private
from tfdata_bridge._src.tf import tf
from tfdata_bridge._src.warnings import BridgeWarning

tf1 = tf.compat.v1


def _run(session: Any, base_run: Any, fetches: Any, feed_dict: Any, options: Any, run_metadata: Any) -> Any:
    shared_streams.settle(session.graph, stacklevel=2, session=session)  # sources with several consumers: shared
    lifted_runners.before_run(session, fetches)  # a lifted call's queue closed (QUEUE_RUNNERS' runner)
    if options is None and run_metadata is None:
        entry = fast_feed.fed_enqueue(session, fetches, feed_dict)
        if entry is not None and fast_feed.put(session, entry, feed_dict):
            return None  # what running an op returns
        if fast_feed.before_run(session, fetches):
            return None
    failed = batch_retry.failed_before(session, fetches)
    if isinstance(failed, batch_retry.Pending):  # what a failed shuffle's buffer held, a batch a run
        return base_run(session, fetches, feed_dict={**(feed_dict or {}), **failed.feeds}, options=options,
                        run_metadata=run_metadata)
    if failed is not None:  # a pipeline that failed delivers nothing more (batch_retry.py)
        raise failed
    try:
        call = _callable(session, fetches) if not feed_dict and options is None and run_metadata is None else None
        if call is not None:
            def run() -> Any:
                return tf_private.session_call(session, call)
        else:
            def run() -> Any:
                return base_run(session, fetches, feed_dict=feed_dict, options=options, run_metadata=run_metadata)
        waits_on = session_release.waits_on(session, fetches)
        counted = pipelines.run_begins(session)  # (whose run a pipeline's run is: pipelines.sole_running)
        dequeues = fast_feed.dequeues_begin(session, fetches)  # a fed queue's room, seen from its consumer
        results = None
        try:
            results = run() if waits_on is None else _releaser(session).run(run, waits_on)
            return results
        finally:
            fast_feed.dequeues_end(dequeues, results)
            if counted:
                pipelines.run_ends(session)
    except tf.errors.OpError as e:
        def again(feeds: dict[Any, Any]) -> Any:
            return base_run(session, fetches, feed_dict={**(feed_dict or {}), **feeds}, options=options,
                            run_metadata=run_metadata)

        recovered, outcome = batch_retry.recover(session, e, again)  # a vectorized batch's good records
        if recovered:
            return outcome
        replacement = graph_queues.cancelled_dequeue(fetches, pipelines.consumer_error(session, outcome))
        batch_retry.remember(session, e, replacement)  # a failed pipeline's later runs raise it (legacy's runner stopped)
        if replacement is e:
            raise
        raise replacement from e


def startup_config(config: Any, interactive: bool = False) -> Any:
    """The ``ConfigProto`` the drop-in's session is made with: ``config`` (a copy), with grappler's MLIR pass
    pipeline (``rewrite_options.disable_tfg_optimizer``) off where ``config`` sets no rewrite options.

    Every new run signature of a graph is optimized by grappler, and its ``tfg_optimizer`` converts the
    graph's whole function library to MLIR and back, whatever the run needs: a lifted pipeline puts its
    functions in the library (the one-shot iterator's factory, the map functions), so each of the first
    runs (the initializers, ``start_queue_runners``' iterators, the first batch) paid for them, about 60%
    of grappler's time before the first batch (``TF_CPP_VMODULE=meta_optimizer=1``). Its passes only tidy
    the graph (attributes, order, shapes, control-flow sinking): results are the same without them. A
    program that sets ``graph_options.rewrite_options`` keeps exactly what it set. ``interactive``: as
    ``InteractiveSession`` does for no ``config``, GPU memory grows as needed."""
    made = tf1.ConfigProto()
    if config:
        made.CopyFrom(config)
        if config.graph_options.HasField("rewrite_options"):
            return made
    elif interactive:
        made.gpu_options.allow_growth = True
    made.graph_options.rewrite_options.disable_tfg_optimizer = True
    return made


CALLABLES = 64  # per session: a training loop has a few repeated fetches; one-off runs come and go


def _callable(session: Any, fetches: Any) -> Any:
    """``session.make_callable(fetches)``, made once per fetch, or None where ``run`` must do it."""
    if isinstance(fetches, (tf.Tensor, tf.Operation)):
        key: Any = (id(fetches),)
        elements: tuple[Any, ...] = (fetches,)
    elif type(fetches) in (list, tuple) and fetches and all(isinstance(f, (tf.Tensor, tf.Operation)) for f in fetches):
        elements = tuple(fetches)
        key = (type(fetches), *map(id, elements))
    else:
        return None
    cache = session.__dict__.get("_tfdata_bridge_callables")
    if cache is None:
        if session.__dict__.get("_tfdata_bridge_closed") or not tf_private.can_call_like_run(session):
            return None
        cache = session.__dict__.setdefault("_tfdata_bridge_callables", {})
    entry = cache.get(key)
    if entry is not None and all(a is b for a, b in zip(entry[0], elements)):
        return entry[1]
    if session.graph.version == 0 or tf_private.session_closed(session):
        return None  # run raises what TensorFlow raises
    try:
        call = session.make_callable(fetches)
    except Exception:  # noqa: BLE001 - run raises what TensorFlow raises for these fetches
        return None
    if len(cache) >= CALLABLES:
        cache.pop(next(iter(cache)))
    cache[key] = (elements, call)  # (the elements are held, so their ids stay theirs)
    return call


def _releaser(session: Any) -> session_release.Releaser:
    releaser = session.__dict__.get("_tfdata_bridge_releaser")
    if releaser is None:
        releaser = session.__dict__.setdefault("_tfdata_bridge_releaser", session_release.Releaser())
    return releaser


def _close(session: Any, base_close: Any) -> None:
    session.__dict__["_tfdata_bridge_closed"] = True
    session.__dict__.pop("_tfdata_bridge_callables", None)
    _releaser(session).close()  # consumers waiting on lifted pipelines first: TensorFlow's close may wait
    pipelines.closed(session)
    base_close(session)


class Session(tf1.Session):
    """``tf.compat.v1.Session``; see the module docstring for what ``run`` adds."""

    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, startup_config(config))

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _run(self, tf1.Session.run, fetches, feed_dict, options, run_metadata)

    def make_callable(self, fetches, feed_list=None, accept_options=False):
        shared_streams.settle(self.graph, stacklevel=2, session=self)  # as run does: reads get their datasets
        return tf1.Session.make_callable(self, fetches, feed_list=feed_list, accept_options=accept_options)

    def close(self):
        _close(self, tf1.Session.close)


class InteractiveSession(tf1.InteractiveSession):
    """``tf.compat.v1.InteractiveSession``; see the module docstring for what ``run`` adds."""

    def __init__(self, target="", graph=None, config=None):
        super().__init__(target, graph, startup_config(config, interactive=True))
        from tfdata_bridge._src.compat.lifted_graph import REWRITTEN

        if self.graph in REWRITTEN:
            warnings.warn(
                "an InteractiveSession made after its graph's input pipeline: legacy's InteractiveSession ran the "
                "pipeline's ops as written, where a Session's grappler computes `x / c` as `x * reciprocal(c)` and "
                "folds constant chains; the drop-in built the pipeline before it knew the session, with a Session's "
                "arithmetic, so floats may differ from legacy's in the last bit. Make the InteractiveSession before "
                "building the pipeline to get legacy's values to the bit", BridgeWarning, stacklevel=2)

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _run(self, tf1.InteractiveSession.run, fetches, feed_dict, options, run_metadata)

    def make_callable(self, fetches, feed_list=None, accept_options=False):
        shared_streams.settle(self.graph, stacklevel=2, session=self)  # as run does: reads get their datasets
        return tf1.InteractiveSession.make_callable(self, fetches, feed_list=feed_list, accept_options=accept_options)

    def close(self):
        _close(self, tf1.InteractiveSession.close)

"""The drop-in ``tf.Session`` and ``tf.InteractiveSession``: TensorFlow's own, whose ``run``
- hands a lifted producer's error to the program's ``Coordinator`` as legacy's runner threads did
  (``pipelines.consumer_error``);
- takes the feed-thread fast path: an enqueue op fed straight from placeholders skips the session step
  (``fast_feed.py``);
- waits on a lifted pipeline's ``get_next`` in a way ``close()`` ends, with ``CancelledError`` as legacy
  (``session_release.py``).
Everything else is TensorFlow's session, unchanged."""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.compat import fast_feed, pipelines, session_release
from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1


def _run(session: Any, base_run: Any, fetches: Any, feed_dict: Any, options: Any, run_metadata: Any) -> Any:
    if options is None and run_metadata is None:
        entry = fast_feed.fed_enqueue(session, fetches, feed_dict)
        if entry is not None and fast_feed.put(session, entry, feed_dict):
            return None  # what running an op returns
        if fast_feed.before_run(session, fetches):
            return None
    try:
        waits_on = session_release.waits_on(session, fetches)
        if waits_on is None:
            return base_run(session, fetches, feed_dict=feed_dict, options=options, run_metadata=run_metadata)
        return _releaser(session).run(
            lambda: base_run(session, fetches, feed_dict=feed_dict, options=options, run_metadata=run_metadata),
            waits_on)
    except tf.errors.OpError as e:
        replacement = pipelines.consumer_error(session, e)
        if replacement is e:
            raise
        raise replacement from e


def _releaser(session: Any) -> session_release.Releaser:
    releaser = session.__dict__.get("_tfdata_bridge_releaser")
    if releaser is None:
        releaser = session.__dict__.setdefault("_tfdata_bridge_releaser", session_release.Releaser())
    return releaser


def _close(session: Any, base_close: Any) -> None:
    _releaser(session).close()  # consumers waiting on lifted pipelines first: TensorFlow's close may wait
    pipelines.closed(session)
    base_close(session)


class Session(tf1.Session):
    """``tf.compat.v1.Session``; see the module docstring for what ``run`` adds."""

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _run(self, tf1.Session.run, fetches, feed_dict, options, run_metadata)

    def close(self):
        _close(self, tf1.Session.close)


class InteractiveSession(tf1.InteractiveSession):
    """``tf.compat.v1.InteractiveSession``; see the module docstring for what ``run`` adds."""

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _run(self, tf1.InteractiveSession.run, fetches, feed_dict, options, run_metadata)

    def close(self):
        _close(self, tf1.InteractiveSession.close)

"""The drop-in ``tf.Session`` and ``tf.InteractiveSession``: TensorFlow's own, whose ``run``
- hands a lifted producer's error to the program's ``Coordinator`` as legacy's runner threads did
  (``pipelines.consumer_error``);
- takes the feed-thread fast path: an enqueue op fed straight from placeholders skips the session step
  (``fast_feed.py``).
Everything else is TensorFlow's session, unchanged."""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.compat import fast_feed, pipelines
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
        return base_run(session, fetches, feed_dict=feed_dict, options=options, run_metadata=run_metadata)
    except tf.errors.OpError as e:
        replacement = pipelines.consumer_error(session, e)
        if replacement is e:
            raise
        raise replacement from e


class Session(tf1.Session):
    """``tf.compat.v1.Session``; see the module docstring for what ``run`` adds."""

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _run(self, tf1.Session.run, fetches, feed_dict, options, run_metadata)


class InteractiveSession(tf1.InteractiveSession):
    """``tf.compat.v1.InteractiveSession``; see the module docstring for what ``run`` adds."""

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        return _run(self, tf1.InteractiveSession.run, fetches, feed_dict, options, run_metadata)

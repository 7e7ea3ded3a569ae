"""The drop-in ``tf.train.SessionManager``: TensorFlow's own, whose sessions are the drop-in's.

TensorFlow's ``SessionManager`` makes its ``tf.Session`` inside TensorFlow (``prepare_session``,
``recover_session`` and ``wait_for_session`` each construct TensorFlow's class) and runs the init ops,
the ``local_init_op`` and the ``ready_op`` there. A program then calls ``start_queue_runners(sess)`` and
``sess.run(batch)`` on that session. With TensorFlow's class:

- the init ops ran the graph before the drop-in settled it (``shared_streams.settle``: a source with several
  consumers becomes one shared stream), so ``start_queue_runners`` refused the stale session
  (``first_run_probe``) where a stream had to become shared;
- every ``run`` was TensorFlow's: no ``make_callable`` for the loop's repeated fetch, no feed-thread fast
  path, no lifted producer's error handed to the ``Coordinator``;
- the session was made with grappler's MLIR passes on, which convert the lifted pipelines' whole function
  library at each new run signature (``session.startup_config``).

This class settles the graph before a session is made, makes it with ``session.startup_config(config)``,
and gives the session it returns the drop-in ``Session``'s class (as ``monitored.BridgeHook`` and the
drop-in ``Supervisor`` do: the drop-in ``Session`` only overrides methods and keeps no state of its own
from ``__init__``). What it returns, when, and what it raises stay TensorFlow's. The pipelines start
when the program calls ``start_queue_runners``, as legacy's runners did.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.compat import session, shared_streams
from tfdata_bridge._src.tf import tf

__all__ = ["SessionManager"]

tf1 = tf.compat.v1


def _dropin(sess: Any) -> Any:
    if type(sess) is tf1.Session:
        sess.__class__ = session.Session
    return sess


class SessionManager(tf1.train.SessionManager):
    """``tf.compat.v1.train.SessionManager``; see the module docstring for what it adds."""

    def prepare_session(self, master: str, init_op: Any = None, saver: Any = None, checkpoint_dir: Any = None,
                        checkpoint_filename_with_path: Any = None, wait_for_checkpoint: bool = False,
                        max_wait_secs: float = 7200, config: Any = None, init_feed_dict: Any = None,
                        init_fn: Any = None) -> Any:
        shared_streams.settle(self._graph, stacklevel=2)  # before the init ops run the graph
        return _dropin(super().prepare_session(
            master, init_op=init_op, saver=saver, checkpoint_dir=checkpoint_dir,
            checkpoint_filename_with_path=checkpoint_filename_with_path, wait_for_checkpoint=wait_for_checkpoint,
            max_wait_secs=max_wait_secs, config=session.startup_config(config), init_feed_dict=init_feed_dict,
            init_fn=init_fn))

    def recover_session(self, master: str, saver: Any = None, checkpoint_dir: Any = None,
                        checkpoint_filename_with_path: Any = None, wait_for_checkpoint: bool = False,
                        max_wait_secs: float = 7200, config: Any = None) -> Any:
        shared_streams.settle(self._graph, stacklevel=2)
        sess, recovered = super().recover_session(
            master, saver=saver, checkpoint_dir=checkpoint_dir,
            checkpoint_filename_with_path=checkpoint_filename_with_path, wait_for_checkpoint=wait_for_checkpoint,
            max_wait_secs=max_wait_secs, config=session.startup_config(config))
        return _dropin(sess), recovered

    def wait_for_session(self, master: str, config: Any = None, max_wait_secs: float = float("Inf")) -> Any:
        shared_streams.settle(self._graph, stacklevel=2)
        sess = super().wait_for_session(master, config=session.startup_config(config), max_wait_secs=max_wait_secs)
        return None if sess is None else _dropin(sess)

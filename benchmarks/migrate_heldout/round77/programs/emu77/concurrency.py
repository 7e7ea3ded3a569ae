"""utils/concurrency.py of a tensorpack-like framework: `ShareSessionThread`, a thread that runs under the
default session of the thread that started it, and `StoppableThread`."""
import threading
from contextlib import contextmanager

import tensorflow.compat.v1 as tf


class StoppableThread(threading.Thread):
    def __init__(self, evt=None):
        super(StoppableThread, self).__init__()
        if evt is None:
            evt = threading.Event()
        self._stop_evt = evt

    def stop(self):
        self._stop_evt.set()

    def stopped(self):
        return self._stop_evt.is_set()


class ShareSessionThread(threading.Thread):
    """ A wrapper around thread so that the thread
        uses the default session at "start()" time.
    """
    def __init__(self, th=None):
        super(ShareSessionThread, self).__init__()
        if th is not None:
            assert isinstance(th, threading.Thread), th
            self._th = th
            self.name = th.name
            self.daemon = th.daemon

    @contextmanager
    def default_sess(self):
        if self._sess:
            with self._sess.as_default():
                yield self._sess
        else:
            yield None

    def start(self):
        self._sess = tf.get_default_session()
        super(ShareSessionThread, self).start()

    def run(self):
        if not self._th:
            raise NotImplementedError()
        with self._sess.as_default():
            self._th.run()

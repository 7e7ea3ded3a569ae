import threading
from contextlib import contextmanager

import tensorflow as tf

tf1 = tf.compat.v1


class ShareSessionThread(threading.Thread):
    """A wrapper around thread so that the thread uses the default session at "start()" time."""

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
        self._sess = tf1.get_default_session()
        super(ShareSessionThread, self).start()

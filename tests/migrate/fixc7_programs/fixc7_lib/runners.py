"""A slim-style context for running the graph's queue runners (``queues.QueueRunners``)."""
import contextlib
import threading

import tensorflow.compat.v1 as tf

_lock = threading.Lock()


class NestedRunnersError(Exception):
    pass


@contextlib.contextmanager
def QueueRunners(session):
    """Starts the collection's runners for the block, then stops them."""
    if not _lock.acquire(False):
        raise NestedRunnersError('QueueRunners cannot be nested')
    coord = tf.train.Coordinator()
    threads = []
    for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
        threads.extend(qr.create_threads(session, coord=coord, daemon=True, start=True))
    try:
        yield
    finally:
        coord.request_stop()
        try:
            coord.join(threads, stop_grace_period_secs=10)
        except RuntimeError:
            session.close()
        _lock.release()

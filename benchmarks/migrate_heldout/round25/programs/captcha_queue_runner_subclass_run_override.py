"""Captcha records (4 digits + 4x4 pixels) through a hand-built FIFOQueue whose runner is a QueueRunner
subclass overriding _run (counting the enqueues, closing the queue when the reader is done)."""
import os
import threading

import tensorflow as tf
from tensorflow.python.framework import errors
from tensorflow.python.platform import tf_logging as logging
from tensorflow.python.training import queue_runner as qr

tf1 = tf.compat.v1

RECORD_BYTES = 4 + 16


class CountingQueueRunner(qr.QueueRunner):
    """A QueueRunner that counts what each enqueue thread put in the queue."""

    def __init__(self, queue=None, enqueue_ops=None, close_op=None, cancel_op=None,
                 queue_closed_exception_types=None):
        super(CountingQueueRunner, self).__init__(
            queue=queue, enqueue_ops=enqueue_ops, close_op=close_op, cancel_op=cancel_op,
            queue_closed_exception_types=queue_closed_exception_types)
        self.counts = {}
        self._count_lock = threading.Lock()

    def _run(self, sess, enqueue_op, coord=None):
        decremented = False
        try:
            while True:
                if coord and coord.should_stop():
                    break
                try:
                    sess.run(enqueue_op)
                    with self._count_lock:
                        self.counts[enqueue_op.name] = self.counts.get(enqueue_op.name, 0) + 1
                except self._queue_closed_exception_types:
                    with self._lock:
                        self._runs_per_session[sess] -= 1
                        decremented = True
                        if self._runs_per_session[sess] == 0:
                            try:
                                sess.run(self._close_op)
                            except Exception as e:
                                logging.vlog(1, "Ignored exception: %s", str(e))
                        return
        except Exception as e:
            if coord:
                coord.request_stop(e)
            else:
                raise
        finally:
            if not decremented:
                with self._lock:
                    self._runs_per_session[sess] -= 1


def write_data(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    n = 0
    for f in range(2):
        path = os.path.join(root, 'captcha_%d.bin' % f)
        with open(path, 'wb') as out:
            for _ in range(6):
                digits = bytes([(n + k) % 10 for k in range(4)])
                pixels = bytes([(n * 7 + p) % 256 for p in range(16)])
                out.write(digits + pixels)
                n += 1
        paths.append(path)
    return paths


def read_captcha(filename_queue):
    reader = tf1.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    key, value = reader.read(filename_queue)
    record = tf1.decode_raw(value, tf.uint8)
    digits = tf.cast(tf.strided_slice(record, [0], [4]), tf.int32)
    pixels = tf.reshape(tf.cast(tf.strided_slice(record, [4], [RECORD_BYTES]), tf.int32), [4, 4])
    return digits, pixels


def main(data_dir):
    files = write_data(os.path.join(data_dir, 'h25_captcha_queue_runner_subclass_run_override'))
    filename_queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    digits, pixels = read_captcha(filename_queue)

    queue = tf1.FIFOQueue(capacity=8, dtypes=[tf.int32, tf.int32], shapes=[[4], [4, 4]],
                          name='captcha_queue')
    enqueue_op = queue.enqueue([digits, pixels])
    runner = CountingQueueRunner(queue, [enqueue_op],
                                 queue_closed_exception_types=(errors.OutOfRangeError,))
    tf1.train.add_queue_runner(runner)
    digit_batch, pixel_batch = queue.dequeue_many(4)

    batches, end = [], None
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                d, p = sess.run([digit_batch, pixel_batch])
                batches.append([d.tolist(), p.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

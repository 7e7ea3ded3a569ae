"""Gesture windows as fixed-length records read into a hand-built queue of the internal modules
(`data_flow_ops.FIFOQueue`, `queue_runner_impl.QueueRunner` with explicit close / cancel ops and exception
types, `queue_runner_impl.add_queue_runner`), then `tf.train.batch(shapes=...)` with no set_shape."""
import os
import struct

import tensorflow as tf
from tensorflow.python.framework import errors
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.training import queue_runner_impl

tf.compat.v1.disable_eager_execution()

SAMPLES = 6
RECORD_BYTES = SAMPLES * 2 + 2


def write_sessions(folder):
    os.makedirs(folder, exist_ok=True)
    n = 0
    paths = []
    for part in range(2):
        path = os.path.join(folder, 'session-%d.bin' % part)
        with open(path, 'wb') as f:
            for _ in range(7):
                f.write(struct.pack('<%dhh' % SAMPLES, *[(n * 11 + k * 3) % 50 - 25 for k in range(SAMPLES)],
                                    n % 4))
                n += 1
        paths.append(path)
    return paths


def window_queue(filenames):
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    _, value = reader.read(filename_queue)
    raw = tf.io.decode_raw(value, tf.int16)
    samples = tf.cast(raw[:SAMPLES], tf.float32) / 25.0
    gesture = tf.cast(raw[SAMPLES], tf.int32)
    queue = data_flow_ops.FIFOQueue(16, [tf.float32, tf.int32], name='window_queue')
    enqueue_op = queue.enqueue([samples, gesture])
    runner = queue_runner_impl.QueueRunner(
        queue, [enqueue_op], close_op=queue.close(), cancel_op=queue.close(cancel_pending_enqueues=True),
        queue_closed_exception_types=(errors.OutOfRangeError, errors.CancelledError))
    queue_runner_impl.add_queue_runner(runner)
    return queue.dequeue()


def main(data_dir):
    paths = write_sessions(os.path.join(data_dir, 'h24_gestures_queue_runner_impl_explicit_close_ops'))
    samples, gesture = window_queue(paths)
    energy = tf.reduce_sum(tf.square(samples))
    sample_batch, gesture_batch, energy_batch = tf.compat.v1.train.batch(
        [samples, gesture, energy], batch_size=4, shapes=[[SAMPLES], [], []], allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = queue_runner_impl.start_queue_runners(sess=sess, coord=coord)
        end = 'steps'
        try:
            while not coord.should_stop():
                s, g, e = sess.run([sample_batch, gesture_batch, energy_batch])
                batches.append({'samples': s.round(3).tolist(), 'gesture': g.tolist(),
                                'energy': [round(float(v), 3) for v in e]})
        except errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

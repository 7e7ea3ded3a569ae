"""Quail-egg candling records (egg id, air-cell density) from a CSV, pushed by a hand-built ``QueueRunner`` that
carries its own ``close_op``, ``cancel_op`` and ``queue_closed_exception_types`` and is registered with
``add_queue_runner(qr, collection=...)`` in a collection of its own, so two ``start_queue_runners`` calls are
needed: one for the producer's default collection, one for ``QUAIL_RUNNERS`` (with ``daemon`` / ``start`` spelled
out). A ``dequeue_many(3)`` drains the queue until it is closed.

After wenxueliu/tf_node ``python/queue.md`` (notes on ``QueueRunner.__init__(queue=None, enqueue_ops=None,
close_op=None, cancel_op=None, queue_closed_exception_types=None, ...)``, ``create_threads(sess, coord=None,
daemon=False, start=False)``, ``add_queue_runner(qr, collection=ops.GraphKeys.QUEUE_RUNNERS)`` and
``start_queue_runners(sess=None, coord=None, daemon=True, start=True, collection=...)``). The program around the
notes is the writer's."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

QUAIL_RUNNERS = 'quail_runners'


def _write(path):
    rng = np.random.RandomState(12)
    with open(path, 'w') as f:
        for i in range(9):
            f.write('Q%03d,%.3f\n' % (i, rng.uniform(0.2, 0.9)))


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_quail')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'candling.csv')
    _write(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    egg_id, density = tf.decode_csv(line, record_defaults=[[''], [0.0]])

    queue = tf.FIFOQueue(20, [tf.string, tf.float32], shapes=[[], []])
    enqueue_op = queue.enqueue([egg_id, density])
    close_op = queue.close()
    cancel_op = queue.close(cancel_pending_enqueues=True)
    qr = tf.train.QueueRunner(queue=queue, enqueue_ops=[enqueue_op], close_op=close_op, cancel_op=cancel_op,
                              queue_closed_exception_types=(tf.errors.OutOfRangeError,))
    tf.train.add_queue_runner(qr, collection=QUAIL_RUNNERS)
    ids, densities = queue.dequeue_many(3)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        threads += tf.train.start_queue_runners(sess=sess, coord=coord, daemon=True, start=True,
                                                collection=QUAIL_RUNNERS)
        try:
            while not coord.should_stop():
                i, d = sess.run([ids, densities])
                batches.append([[x.decode() for x in i], np.round(d, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "eggs: %d" % sum(len(b[0]) for b in batches)}

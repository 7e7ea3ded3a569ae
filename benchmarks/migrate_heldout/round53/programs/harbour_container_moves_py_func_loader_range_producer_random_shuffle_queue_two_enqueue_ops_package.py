import os

import tensorflow.compat.v1 as tf

from harb53_lib import pipeline
from harb53_lib.store import MoveStore

BATCH = 4


def main(data_dir):
    folder = os.path.join(data_dir, "h53_harbour_container_moves_py_func_loader_range_producer_random_shuffle_queue_two_enqueue_ops_package")
    os.makedirs(folder, exist_ok=True)
    store = MoveStore(folder)
    queue = pipeline.build_queue(store)
    box_batch, xy_batch = queue.dequeue_many(BATCH)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            for step in range(100):
                b, xy = sess.run([box_batch, xy_batch])
                batches.append([b.tolist(), xy.tolist()])
        except tf.errors.OutOfRangeError:
            print("moves exhausted at step", step)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "moves: %d" % (BATCH * len(batches))}

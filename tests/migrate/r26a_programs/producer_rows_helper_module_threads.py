"""``tf.compat.v1`` through ``import tensorflow as tf``: a file name dequeued from an inline producer's
``dequeue()``, its rows made by graph ops in another module's helper, enqueued many by two threads (the rows of
one file stay together; the files' order varies: compared as a multiset)."""
import os

import tensorflow as tf

from r26a_lib import rows as rowlib

v1 = tf.compat.v1


def write(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for i in range(4):
        path = os.path.join(root, "m%d.txt" % i)
        with open(path, "w") as f:
            for r in range(2 + i):
                f.write(" ".join(str(i * 100 + r * 2 + c) for c in range(2)) + "\n")
        paths.append(path)
    return paths


def main(data_dir):
    paths = write(os.path.join(data_dir, "r26a_producer_rows"))
    name = v1.train.string_input_producer(paths, num_epochs=1, shuffle=False).dequeue()
    rows = rowlib.text_rows(name, 2)
    rows.set_shape([None, 2])
    total = tf.reduce_sum(rows, axis=1)
    batch_rows, batch_total = v1.train.batch([rows, total], 3, num_threads=2, enqueue_many=True,
                                             allow_smaller_final_batch=True)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([batch_rows, batch_total])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

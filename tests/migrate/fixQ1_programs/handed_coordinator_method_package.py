"""The program hands its coordinator to a method of a class of its package (``src.launch(sess,
coordinator=coord)``) and otherwise uses it as the loop's stop flag."""
import os

import tensorflow.compat.v1 as tf

from q1_lib.rows import RowSource


def main(data_dir):
    folder = os.path.join(data_dir, "q1_handed")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "labels.csv")
    with open(path, "w") as f:
        for i in range(10):
            f.write("%d,%.2f\n" % (i % 3, i * 0.25))
    src = RowSource(path, 3)
    labels, weights = src.batch
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    tf.train.start_queue_runners(sess=sess, coord=coord)
    workers = src.launch(sess, coordinator=coord)
    end = "stopped"
    try:
        while not coord.should_stop():
            a, b = sess.run([labels, weights])
            batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(workers)
    sess.close()
    return {"batches": batches, "end": end}

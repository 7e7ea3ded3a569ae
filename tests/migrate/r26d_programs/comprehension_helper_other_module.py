"""Enqueue ops made by a comprehension over the actors' files, the reader in another module; dequeue_up_to."""
import os

import tensorflow.compat.v1 as tf

from r26d_lib import actors


def write(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for a in range(3):
        path = os.path.join(root, "actor%d.csv" % a)
        with open(path, "w") as f:
            for t in range(7):
                f.write("%d.5,%d.25,%d\n" % (a * 10 + t, t, a * 100 + t))
        paths.append(path)
    return paths


def main(data_dir):
    tf.disable_eager_execution()
    paths = write(os.path.join(data_dir, "r26d_comp"))
    buffer = tf.FIFOQueue(16, [tf.float32, tf.int64], shapes=[[2], []])
    ops = [buffer.enqueue(actors.transition(p)) for p in paths]
    tf.train.add_queue_runner(tf.train.QueueRunner(buffer, ops))
    obs, steps = buffer.dequeue_up_to(5)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                o, s = sess.run([obs, steps])
                batches.append([o.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

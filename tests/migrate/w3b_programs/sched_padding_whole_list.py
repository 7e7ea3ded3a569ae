"""slice_input_producer of a one-tensor list, the list enqueued whole into a PaddingFIFOQueue, dequeue_many."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def run(path):
    with open(path) as f:
        entries = [line.strip() for line in f if line.strip()]
    values = np.array(entries).reshape(len(entries), 1)
    init = tf.placeholder(dtype=tf.string, shape=[len(entries), 1])
    held = tf.Variable(init, trainable=False, collections=[])
    sched = tf.train.slice_input_producer([held], shuffle=False, capacity=1, num_epochs=1)
    scheds = tf.PaddingFIFOQueue(len(entries), tf.string, [[1]])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue=scheds, enqueue_ops=[scheds.enqueue(sched)]))
    next_three = scheds.dequeue_many(3)
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    sess.run(held.initializer, feed_dict={init: values})
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            batches.append([[[v.decode() for v in row] for row in sess.run(next_three)]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return batches


def main(data_dir):
    folder = os.path.join(data_dir, "w3b_sched_padding_whole_list")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "sched.txt")
    with open(path, "w") as f:
        for i in range(12):
            f.write("zone%d-%02d\n" % (i % 4, i))
    batches = run(path)
    return {"batches": batches, "end": "entries: %d" % (3 * len(batches))}

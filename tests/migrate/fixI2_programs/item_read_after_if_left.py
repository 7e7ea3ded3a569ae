"""Refused: the producer's slice is read again after the if (outside both arms), another record there."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "fxI2_e")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(4):
        paths.append(os.path.join(folder, "s%d" % i))
        with open(paths[-1], "w") as f:
            f.write("%d" % i)
    readers = 2
    cell = tf.train.slice_input_producer([paths], shuffle=False, num_epochs=1)
    if readers > 1:
        q = tf.FIFOQueue(8, [tf.string], shapes=[[]])
        op = q.enqueue([tf.read_file(cell[0])])
        tf.train.add_queue_runner(tf.train.QueueRunner(q, [op] * readers))
        text = q.dequeue()
    else:
        text = tf.read_file(cell[0])
    name = cell[0]
    texts, names = tf.train.batch_join([[text, name]] * 2, 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, n = sess.run([texts, names])
                batches.append(len(t))
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}

"""A range producer and a file producer, neither shuffled, in one `train.batch`: the batch is rewritten, and
the producer with it (a zip, element i with element i)."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "fixc1_plain")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.txt")
    with open(path, "w") as f:
        for i in range(8):
            f.write("row%d\n" % i)
    files = tf.train.string_input_producer([path], shuffle=False, num_epochs=1)
    _, line = tf.TextLineReader().read(files)
    index = tf.train.range_input_producer(3, shuffle=False).dequeue()
    lines, indices = tf.train.batch([line, index], batch_size=2, num_threads=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, i = sess.run([lines, indices])
                batches.append([[x.decode() for x in l], i.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (2 * len(batches))}

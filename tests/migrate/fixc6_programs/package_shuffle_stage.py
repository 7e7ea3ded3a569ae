"""A CSV row read by a helper, kept whole, through the package's shuffle stage, then its batch wrapper."""
import os

import tensorflow.compat.v1 as tf

from fixc6_lib import queues


def read_row(file_queue):
    _, line = tf.TextLineReader().read(file_queue)
    idx, name, score = tf.decode_csv(line, record_defaults=[[0], [""], [0.0]])
    return [idx, name, score * 2.0]


def main(data_dir):
    folder = os.path.join(data_dir, "fixc6_pkg")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,name%d,%d.5\n" % (i, i % 5, i))
    file_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    row = read_row(file_queue)
    mixed = queues.shuffle(row, capacity=10, min_after_dequeue=3, seed=6)
    ids, names, scores = queues.make_batch(mixed, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, n, s = sess.run([ids, names, scores])
                batches.append([i.tolist(), [x.decode() for x in n], s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}

"""Two readers of one file queue joined by batch_join, the comprehension's index naming each reader and its
name scope (no value changes: the readers are copies), the function's return chosen by the parse's type."""
import os

import tensorflow.compat.v1 as tf

from r44r_lib.joined import inputs


def parse_loan(line):
    isbn, days = tf.decode_csv(line, record_defaults=[[""], [0]])
    return isbn, days * 24


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_loans")
    os.makedirs(folder, exist_ok=True)
    files = []
    for shard in range(3):
        path = os.path.join(folder, "loans-%d.csv" % shard)
        with open(path, "w") as f:
            for i in range(4):
                f.write("isbn-%d-%d,%d\n" % (shard, i, shard * 10 + i))
        files.append(path)
    isbn, hours = inputs(files, parse_loan, batch_size=4, num_readers=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, h = sess.run([isbn, hours])
                batches.append([[v.decode() for v in i], h.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "loans: %d" % sum(len(b[0]) for b in batches)}

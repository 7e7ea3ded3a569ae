"""Certificates read from a CSV through ``with open(path) as f``, then ``f`` bound again to a two-epoch
``slice_input_producer`` of the Python lists, read one slice per run until ``OutOfRangeError``."""
import csv
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "r44u_certificates")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "certificates.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["certificate", "result"])
        w.writerows([("EL-%d" % i, i % 3 + 1) for i in range(5)])
    ids, results = [], []
    with open(path) as f:
        for row in csv.DictReader(f):
            ids.append(row["certificate"])
            results.append(int(row["result"]))
    f = tf.train.slice_input_producer([ids, results], num_epochs=2, shuffle=False)
    batches = []
    with tf.Session() as sess:
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for i in range(20):
                k = sess.run(f)
                batches.append([[k[0].decode()], [int(k[1])], [type(k).__name__]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "read %d" % len(batches)}

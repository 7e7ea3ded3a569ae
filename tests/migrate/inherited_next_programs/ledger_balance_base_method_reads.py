"""A subclass's batch reads what its base's method (another module) returns from two reader helpers, beside a
reader of its own; the subclass's module imports the helper by name but never calls it (round 64's UnFlow input:
the rewrite captured the base's next elements in the subclass's dataset, and dropped the helper its module
imported)."""
import os

import tensorflow.compat.v1 as tf

from ledger_lib.sheets.balance import Balance


def main(data_dir):
    folder = os.path.join(data_dir, "inherited_next_ledger")
    os.makedirs(folder, exist_ok=True)
    files = {}
    for name, rows in (("debit", [5.5, 7.25, 1.0, 3.5]), ("credit", [0.5, 2.25, 0.75, 1.5]), ("code", [11, 12, 13, 14])):
        files[name] = [os.path.join(folder, name + ".txt")]
        with open(files[name][0], "w") as f:
            f.write("".join("%s\n" % r for r in rows))
    net, code = Balance(2).batches(files["debit"], files["credit"], files["code"])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([net, code])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}

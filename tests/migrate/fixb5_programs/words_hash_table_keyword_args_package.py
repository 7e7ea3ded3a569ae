"""Two word files in step, one hash table handed by keyword to a helper of another module, read up to n."""
import os

import tensorflow.compat.v1 as tf

from fixb5_lib import vocab
from fixb5_lib import words


def main(data_dir):
    folder = os.path.join(data_dir, "fixb5_words")
    os.makedirs(folder, exist_ok=True)
    left, right = os.path.join(folder, "l.txt"), os.path.join(folder, "r.txt")
    with open(left, "w") as fl, open(right, "w") as fr:
        for i in range(9):
            fl.write(" ".join(["ab", "cd", "ef", "zz"][: 1 + i % 4]) + "\n")
            fr.write(" ".join(["ef", "ab"][: 1 + i % 2]) + "\n")
    table = vocab.hash_table(["ab", "cd", "ef"])
    got = words.word_batches(left, right, n=3, table=table)
    sess = tf.Session()
    sess.run(tf.tables_initializer())
    sess.run(tf.local_variables_initializer())
    threads = tf.train.start_queue_runners(sess)
    batches = []
    while True:
        try:
            a, b, c = sess.run(got)
        except tf.errors.OutOfRangeError:
            break
        batches.append([a.tolist(), b.tolist(), c.tolist()])
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[2]) for b in batches)}

"""One actor thread; the class (of a package) makes a plain `dequeue()` in `__init__`; read one at a time."""
import os

import tensorflow.compat.v1 as tf

from r35i_lib import single


def main(data_dir):
    path = os.path.join(data_dir, "r35i_plain.txt")
    with open(path, "w") as f:
        f.write("\n".join(str(i * 7) for i in range(9)) + "\n")
    q = single.OneActorQueue(path)
    sess = tf.Session()
    threads = q.start(sess)
    items = []
    try:
        while True:
            items.append(int(sess.run(q.item)))
    except tf.errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    sess.close()
    return {"batches": [[i] for i in items], "end": "items: %d" % len(items)}

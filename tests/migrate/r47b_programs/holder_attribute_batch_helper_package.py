import os

import tensorflow.compat.v1 as tf

from r47b_lib import haul


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "r47b_hauls"), exist_ok=True)
    path = os.path.join(data_dir, "r47b_hauls", "hauls.csv")
    with open(path, "w") as f:
        f.write("".join("b%d,%d\n" % (i, i) for i in range(8)))
    ordered = haul.inputs(path, 4, shuffle=False)
    mixed = haul.inputs(path, 2, shuffle=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b, c = sess.run(ordered)
                batches.append([[s.decode() for s in b], c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        seen = []
        try:
            while True:
                b, c = sess.run(mixed)
                seen += [[s.decode(), int(n)] for s, n in zip(b, c)]
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    batches.append(sorted(seen))
    return {"batches": batches, "end": "hauls: %d" % len(seen)}

"""Book-Crossing ratings: quoted `;`-separated CSV, ISBN hashed to buckets, a dict batched."""
import os

import tensorflow.compat.v1 as tf

from books35_lib import input as book_input


def main(data_dir):
    root = os.path.join(data_dir, 'h35_books')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'BX-Book-Ratings.csv')
    with open(path, 'w') as f:
        f.write('"User-ID";"ISBN";"Book-Rating"\n')
        for i in range(10):
            f.write('"%d";"03%07d";"%d"\n' % (276725 + i, 1000 + i * 37, (i * 3) % 11))
    batch = book_input.make_batch([path])
    keys = sorted(batch)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                values = sess.run(batch)
                out.append([[v.decode() if isinstance(v, bytes) else v for v in values[k].tolist()] for k in keys])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "ratings: %d" % sum(len(b[0]) for b in out)}

"""A second caller of the package's `Table.get_loader`: the placeholders named first, handed by position,
`import tensorflow as tf` with `tf.compat.v1`, the table made by its class."""
import tensorflow as tf

from fixX_lib.tables import Table, write_rows


def main(data_dir):
    path = write_rows(data_dir, 'second', n=16)
    feats = tf.compat.v1.placeholder(tf.float32, [None, 3])
    counts = tf.compat.v1.placeholder(tf.int32, [None])
    loader = Table(path, 3).get_loader([feats, counts], 8)
    features, count = loader.dequeue(4)
    batches = []
    with tf.compat.v1.Session() as sess:
        threads = loader.start_threads(sess)
        try:
            while True:
                f, c = sess.run([features, count])
                batches.append([f.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        for t in threads:
            t.join()
    return {'batches': batches, 'end': end}

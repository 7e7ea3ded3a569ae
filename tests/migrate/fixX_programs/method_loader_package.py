"""A table of another module whose `get_loader` method is handed a literal list of placeholders (by keyword),
`import tensorflow.compat.v1 as tf`."""
import tensorflow.compat.v1 as tf

from fixX_lib import tables


def main(data_dir):
    path = tables.write_rows(data_dir, 'package')
    table = tables.open_table(path, 5)
    loader = table.get_loader(inputs=[tf.placeholder(tf.float32, [None, 3]), tf.placeholder(tf.int32, [None])])
    features, count = loader.dequeue(4)
    batches = []
    with tf.Session() as sess:
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

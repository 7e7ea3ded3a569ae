"""A DataLoader class keeps its settings in __init__ and builds producer, reader and batch in one method."""

import tensorflow.compat.v1 as tf


class DataLoader(object):
    def __init__(self, data_dir, batch_size, epochs):
        self.files = [data_dir + "/table-%d.csv" % i for i in range(3)]
        self.batch_size = batch_size
        self.epochs = epochs

    def get_batch(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, row = reader.read(queue)
        a, b, label = tf.decode_csv(row, record_defaults=[[0], [0.0], [0]])
        features = tf.stack([tf.to_float(a), b])
        return tf.train.batch([features, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    loader = DataLoader(data_dir, 40, 1)
    features, labels = loader.get_batch()
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            f, l = sess.run([features, labels])
            out.append([f.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}

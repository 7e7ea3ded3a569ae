"""TF1-style `import tensorflow as tf`: a model-like class whose `build_inputs()` makes the CSV pipeline and keeps
the decoded columns on the instance; `next_batch()` batches them; a training function drives the instance."""

import os

import tensorflow as tf

tf.compat.v1.disable_eager_execution()


class CsvModel:
    def __init__(self, data_dir, batch_size):
        self.data_dir = data_dir
        self.batch_size = batch_size

    def build_inputs(self):
        files = [os.path.join(self.data_dir, 'table-%d.csv' % i) for i in range(3)]
        file_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, line = tf.compat.v1.TextLineReader(skip_header_lines=1).read(file_queue)
        a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        self.features = tf.stack([tf.cast(a, tf.float32), b])
        self.labels = label

    def next_batch(self):
        return tf.compat.v1.train.batch([self.features, self.labels], self.batch_size,
                                        allow_smaller_final_batch=True)


def train(model, steps):
    model.build_inputs()
    features, labels = model.next_batch()
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(steps):
                f, l = sess.run([features, labels])
                out.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}


def main(data_dir):
    return train(CsvModel(data_dir, 8), 100)

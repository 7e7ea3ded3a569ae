"""A reader class: each of its readers decodes CSV lines, and shuffle_batch_join mixes them."""

import tensorflow.compat.v1 as tf


class CsvInput(object):
    def __init__(self, files, num_readers=2):
        self.files = files
        self.num_readers = num_readers

    def _decode(self, filename_queue):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return [tf.stack([tf.cast(a, tf.float32), b]), label]

    def batches(self, batch_size):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        examples = [self._decode(queue) for _ in range(self.num_readers)]
        return tf.train.shuffle_batch_join(examples, batch_size=batch_size, capacity=100, min_after_dequeue=30,
                                           allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    features, labels = CsvInput(files).batches(16)
    out = []
    with tf.Session() as sess:
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
    return {"batches": out, "end": end}

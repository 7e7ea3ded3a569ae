"""A model class whose input method makes the producer and the shuffle batch; decoding is another method."""

import tensorflow.compat.v1 as tf


class Model(object):
    def __init__(self, data_dir, batch_size=25):
        self.files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
        self.batch_size = batch_size

    def decode(self, serialized):
        features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                        "label": tf.FixedLenFeature([], tf.int64)})
        return features["x"] * 2.0, tf.cast(features["label"], tf.int32)

    def inputs(self):
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=1)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        x, label = self.decode(serialized)
        return tf.train.shuffle_batch([x, label], batch_size=self.batch_size, capacity=100,
                                      min_after_dequeue=50, num_threads=2, allow_smaller_final_batch=True)


def main(data_dir):
    model = Model(data_dir)
    xs, labels = model.inputs()
    out = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}

"""A config names the readers; each turn makes its reader inline, named by the turn (`name="reader_%d" % i`),
and a decoder object turns the record into a dict; `batch_join` keeps the short final batch."""

import collections

import tensorflow.compat.v1 as tf

Config = collections.namedtuple("Config", ["paths", "num_readers", "num_epochs"])


class Decoder(object):
    def __init__(self, offset):
        self.offset = offset

    def decode(self, serialized):
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                      "label": tf.FixedLenFeature([], tf.int64)})
        return {"boxes": tf.reshape(parsed["x"][:2], [1, 2]), "classes": parsed["label"] + self.offset}


def build(config, batch_size):
    filename_queue = tf.train.string_input_producer(config.paths, num_epochs=config.num_epochs, shuffle=False)
    decoder = Decoder(offset=1)
    decoded = []
    for i in range(config.num_readers):
        _, string_tensor = tf.TFRecordReader(name="reader_%d" % i).read(filename_queue)
        decoded.append(decoder.decode(string_tensor))
    return tf.train.batch_join(decoded, batch_size=batch_size, capacity=64, allow_smaller_final_batch=True)


def main(data_dir):
    batch = build(Config(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), 3, 1), 16)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({k: v.tolist() for k, v in values.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

"""The reader method in the same class (no inheritance): a ``TFRecordReader`` made by a method naming its
instance ``me`` (its op name kept on the object), the object made inline; uncompressed records."""
import os

import tensorflow.compat.v1 as tf


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "recs.tfrecord")
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(7):
            w.write(tf.train.Example(features=tf.train.Features(feature={
                "n": tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 3]))})).SerializeToString())
    return [path]


class Shards(object):
    def __init__(self, files):
        self.files = files
        self.reader_name = "shard_reader"

    def new_reader(me):
        return tf.TFRecordReader(name=me.reader_name)

    def inputs(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, serialized = self.new_reader().read(queue)
        n = tf.parse_single_example(serialized, {"n": tf.FixedLenFeature([], tf.int64)})["n"]
        return tf.train.batch([n], batch_size=2, allow_smaller_final_batch=True)


def main(data_dir):
    n = Shards(write(os.path.join(data_dir, "i4_tfr"))).inputs()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                batches.append(sess.run(n).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

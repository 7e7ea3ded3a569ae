"""A TFRecord feed: the producer kept on the object, no `if`; the example parsed by its own `parse`."""
import tensorflow.compat.v1 as tf

from k2lib.feeds import Feed


class RecordFeed(Feed):

    def read_one(self):
        self.filename_queue = tf.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(self.filename_queue)
        return serialized

    def parse(self, serialized):
        parsed = tf.parse_single_example(serialized, features={
            'id': tf.FixedLenFeature([], tf.int64), 'score': tf.FixedLenFeature([], tf.float32)})
        return [parsed['id'], parsed['score']]

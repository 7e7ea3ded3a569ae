"""TFRecords and ``parse_example``; the arm a plain ``train.batch(..., enqueue_many=True)``, in a class."""
import tensorflow as tf

SPEC = {"idx": tf.io.FixedLenFeature([1], tf.int64), "score": tf.io.FixedLenFeature([1], tf.float32)}


class RecordInput:
    def __init__(self, files, regroup, size=3):
        self.files, self.regroup, self.size = files, regroup, size

    def __call__(self):
        producer = tf.compat.v1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = tf.compat.v1.TFRecordReader()
        _, serialized = reader.read_up_to(producer, self.size)
        if self.regroup:
            serialized = tf.compat.v1.train.batch([serialized], self.size, enqueue_many=True,
                                                  allow_smaller_final_batch=True)
        parsed = tf.io.parse_example(serialized, SPEC)
        return parsed["idx"], parsed["score"]

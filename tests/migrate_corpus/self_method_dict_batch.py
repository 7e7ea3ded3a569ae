"""A data class whose parsing method takes the filename queue and returns a dict, batched by another method;
`from tensorflow.compat.v1 import train` for the queue APIs."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class RecordData(object):
    def __init__(self, files, width=3):
        self.files = files
        self.width = width

    def _parse(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([self.width], tf.float32),
                                                      "label": tf.FixedLenFeature([], tf.int64)})
        return {"x": parsed["x"] * 2.0, "label": parsed["label"]}

    def inputs(self, batch_size):
        filename_queue = train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        example = self._parse(filename_queue)
        return train.batch(example, batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    batch = RecordData(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))).inputs(6)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                out.append({k: v.tolist() for k, v in b.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

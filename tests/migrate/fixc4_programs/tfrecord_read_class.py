"""A record parser class holding a TFRecordReader made in `__init__` from its `name` parameter, its method reading
groups of records with `read_up_to(queue, self.group)` and parsing them at once (`parse_example`), made and read at
once (`from tensorflow.compat.v1 import train`); files of 5 and 3 records in groups of 2 (2, 2, 1, 2, 1), in order."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class RecordParser(object):
    def __init__(self, scale, group=2, name="records"):
        self.scale = scale
        self.group = group
        self.reader = tf.TFRecordReader(name=name)

    def parse(self, queue):
        _, serialized = self.reader.read_up_to(queue, self.group)
        feats = tf.parse_example(serialized, {"x": tf.FixedLenFeature([], tf.int64)})
        return tf.reduce_sum(feats["x"]) * self.scale, tf.shape(serialized)[0]


def main(data_dir):
    out = os.path.join(data_dir, "fixc4_tfrecord")
    os.makedirs(out, exist_ok=True)
    paths = []
    for i, n in enumerate([5, 3]):
        path = os.path.join(out, "r%d.tfrecord" % i)
        with tf.python_io.TFRecordWriter(path) as w:
            for k in range(n):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[10 * i + k]))}))
                w.write(ex.SerializeToString())
        paths.append(path)
    queue = train.string_input_producer(paths, num_epochs=1, shuffle=False)
    total, count = RecordParser(3, name="parser").parse(queue)
    batch = train.batch([total, count], 1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, c = sess.run(batch)
                batches.append([t.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "groups: %d" % sum(len(b[0]) for b in batches)}

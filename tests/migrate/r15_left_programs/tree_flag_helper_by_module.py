"""A batch helper of another module that chooses `shuffle_batch` or `batch` by a flag, called through its module
with the flag off; the producer and the reader are this module's, `import tensorflow as tf` spelled out."""

import glob
import os

import tensorflow as tf

from r15l_lib import batching


def examples(files):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, serialized = tf.compat.v1.TFRecordReader().read(queue)
    parsed = tf.io.parse_single_example(serialized, {"x": tf.io.FixedLenFeature([3], tf.float32),
                                                     "label": tf.io.FixedLenFeature([], tf.int64)})
    image = parsed["x"] * 2.0
    return batching.batch_examples(image, parsed["label"], 16, shuffle=False)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "records-[12].tfrecord")))
    images, labels = examples(files)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([images, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

"""The same helper, the reader class handed by keyword, three readers into a `shuffle_batch_join`."""
import os

import tensorflow.compat.v1 as tf

from f6_contrib.graph_io import read_keyed_batches, write_examples


def main(data_dir):
    pattern = write_examples(os.path.join(data_dir, "f6_kw"), shards=3, per=4)
    spec = {"idx": tf.FixedLenFeature([], tf.int64), "val": tf.FixedLenFeature([], tf.float32)}
    features = read_keyed_batches(pattern, batch_size=4, spec=spec, reader_cls=tf.TFRecordReader, shuffle=True,
                                  epochs=1, readers=3, name="kw")
    fetch = [features["idx"], features["val"]]
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([v.tolist() for v in sess.run(fetch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

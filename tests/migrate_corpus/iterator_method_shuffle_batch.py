"""A v1 dataset's own make_one_shot_iterator() method, its element shuffled and batched by the legacy queue."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    records = tf.data.TFRecordDataset(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")))
    iterator = records.make_one_shot_iterator()
    serialized = iterator.get_next()
    example = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                   "label": tf.FixedLenFeature([], tf.int64)})
    xs, labels = tf.train.shuffle_batch([example["x"], example["label"]], batch_size=32, capacity=90,
                                        min_after_dequeue=30, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

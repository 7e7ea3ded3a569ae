"""A tf.data iterator's element fed into the legacy tf.train.batch (a half-migrated pipeline)."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    lines = tf.data.Dataset.from_tensor_slices(files).flat_map(lambda f: tf.data.TextLineDataset(f).skip(1))
    line = tf.data.make_one_shot_iterator(lines).get_next()
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    ab, labels = tf.train.batch([tf.stack([tf.cast(a, tf.float32), b]), label], batch_size=12,
                                allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([ab, labels])
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

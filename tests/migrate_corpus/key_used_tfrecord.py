"""A TFRecord pipeline that batches the record keys (file:byte offset): the rewrite makes them again (scan)."""

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    key, value = tf.TFRecordReader().read(queue)
    label = tf.parse_single_example(value, {"label": tf.FixedLenFeature([], tf.int64)})["label"]
    keys, labels = tf.train.batch([key, label], batch_size=20, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, l = sess.run([keys, labels])
                out.append([[x.decode().rsplit("/", 1)[-1] for x in k], l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}

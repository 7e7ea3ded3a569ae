"""A batch helper taking one dict of tensors, shuffled or not by a module-level flag."""

import tensorflow.compat.v1 as tf

SHUFFLE = False


def make_batches(example, batch_size, shuffle=SHUFFLE):
    if shuffle:
        return tf.train.shuffle_batch(example, batch_size, capacity=200, min_after_dequeue=50,
                                      allow_smaller_final_batch=True)
    return tf.train.batch(example, batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    names = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    _, record = tf.TFRecordReader().read(tf.train.string_input_producer(names, num_epochs=1, shuffle=False))
    example = tf.parse_single_example(record, {"x": tf.FixedLenFeature([3], tf.float32),
                                               "label": tf.FixedLenFeature([], tf.int64)})
    batch = make_batches(example, 30)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                out.append({k: v.tolist() for k, v in got.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}

"""Training and evaluation pipelines built in one function, reusing the same names for both."""

import tensorflow.compat.v1 as tf


def build(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    queue = tf.train.string_input_producer(files[:2], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    label = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})["label"]
    train = tf.train.batch([label], batch_size=10, allow_smaller_final_batch=True)
    queue = tf.train.string_input_producer(files[2:], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    label = tf.parse_single_example(serialized, {"label": tf.FixedLenFeature([], tf.int64)})["label"]
    evaluation = tf.train.batch([label], batch_size=10, allow_smaller_final_batch=True)
    return train, evaluation


def main(data_dir):
    train, evaluation = build(data_dir)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for batch in (train, evaluation):
            try:
                while True:
                    out.append([sess.run(batch).tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}

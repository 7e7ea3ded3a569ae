"""The fully-connected-feed reader under `with tf.device('/cpu:0')` and tf.name_scope, written against
`import tensorflow as tf` with tf.compat.v1 spelled out."""

import tensorflow as tf

v1 = tf.compat.v1


def decode(serialized_example):
    features = v1.parse_single_example(
        serialized_example,
        features={"x": v1.FixedLenFeature([3], tf.float32), "label": v1.FixedLenFeature([], tf.int64)})
    x = tf.cast(features["x"], tf.float32) * (1.0 / 255) - 0.5
    label = tf.cast(features["label"], tf.int32)
    return x, label


def inputs(data_dir, batch_size, num_epochs):
    filename = data_dir + "/records-1.tfrecord"
    with tf.device("/cpu:0"):
        with tf.name_scope("input"):
            filename_queue = v1.train.string_input_producer([filename], num_epochs=num_epochs)
            reader = v1.TFRecordReader()
            _, serialized_example = reader.read(filename_queue)
            x, label = decode(serialized_example)
            xs, sparse_labels = v1.train.batch([x, label], batch_size=batch_size, num_threads=1,
                                               capacity=1000 + 3 * batch_size, allow_smaller_final_batch=True)
    return xs, sparse_labels


def main(data_dir):
    xs, labels = inputs(data_dir, batch_size=10, num_epochs=2)
    init_op = v1.group(v1.global_variables_initializer(), v1.local_variables_initializer())
    out = []
    with v1.Session() as sess:
        sess.run(init_op)
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

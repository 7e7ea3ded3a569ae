"""A reader helper that also batches, choosing shuffle_batch or batch by a keyword flag."""

import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue, shuffle_batch=True):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        }
    )
    data = tf.reshape(features["x"], [3, 1])
    target = tf.cast(features["label"], tf.float32)
    if shuffle_batch:
        datas, targets = tf.train.shuffle_batch([data, target], batch_size=12, capacity=100, num_threads=2,
                                                min_after_dequeue=20, allow_smaller_final_batch=True)
    else:
        datas, targets = tf.train.batch([data, target], batch_size=12, capacity=100,
                                        allow_smaller_final_batch=True)
    return datas, targets


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    datas, targets = read_and_decode(queue, shuffle_batch=False)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                d, t = sess.run([datas, targets])
                out.append([d.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}

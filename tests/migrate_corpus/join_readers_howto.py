"""The how-to's parallel reading: a list of read_my_file_format results into shuffle_batch_join."""

import tensorflow.compat.v1 as tf

READ_THREADS = 2


def read_my_file_format(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    feats = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                 "label": tf.FixedLenFeature([], tf.int64)})
    return [feats["x"], feats["label"]]


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=True)
    example_list = [read_my_file_format(filename_queue) for _ in range(READ_THREADS)]
    xs, labels = tf.train.shuffle_batch_join(example_list, batch_size=15, capacity=120, min_after_dequeue=30,
                                             allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}

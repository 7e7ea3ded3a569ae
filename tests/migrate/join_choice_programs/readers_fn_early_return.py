"""A pipeline function makes one filename queue, `[read(queue) for _ in range(k)]` of a module function
returning a dict, then returns early with `shuffle_batch_join` when training, else `batch_join` over the same
list (the YouTube-8M input's shape); run for training, the short final batch kept."""

import tensorflow.compat.v1 as tf


def read_example(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return {"features": parsed["x"] * 2.0, "labels": parsed["label"]}


def input_tensors(files, batch_size, training, num_readers=3):
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=17)
    data = [read_example(filename_queue) for _ in range(num_readers)]
    if training:
        return tf.train.shuffle_batch_join(data, batch_size=batch_size, capacity=5 * batch_size,
                                           min_after_dequeue=batch_size, allow_smaller_final_batch=True, seed=19)
    return tf.train.batch_join(data, batch_size=batch_size, capacity=3 * batch_size,
                               allow_smaller_final_batch=True)


def main(data_dir):
    batch = input_tensors(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), 25, training=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({k: v.tolist() for k, v in values.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

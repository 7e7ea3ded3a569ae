"""The reader made before the producer, the parsed feature dict batched whole, and a module-level
BATCH_SIZE reused as a local name elsewhere."""

import tensorflow.compat.v1 as tf

BATCH_SIZE = 11


def read_tfrecord(file_paths, shuffle=True):
    reader = tf.TFRecordReader()
    filename_queue = tf.train.string_input_producer(file_paths, shuffle=shuffle, num_epochs=1)
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={"x": tf.FixedLenFeature([3], tf.float32),
                  "label": tf.FixedLenFeature([], tf.int64)})
    return features


def main(data_dir):
    features = read_tfrecord(sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord")), shuffle=False)
    batch = tf.train.batch(features, batch_size=BATCH_SIZE, allow_smaller_final_batch=True)
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


def summary(values):
    BATCH_SIZE = len(values)
    return BATCH_SIZE

"""Names of the pipeline (reader, features, serialized) reused in other functions and at module level."""

import json

import tensorflow.compat.v1 as tf

features = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}
reader = "a module-level name that has nothing to do with the pipeline"


def describe(serialized):
    reader = json.dumps({"n": len(serialized)})
    return reader


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, features=features)
    x_batch, label_batch = tf.train.batch([parsed["x"], parsed["label"]], batch_size=32,
                                          allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, labels = sess.run([x_batch, label_batch])
                batches.append([xs.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    describe(["x"])
    return {"batches": batches, "end": end}

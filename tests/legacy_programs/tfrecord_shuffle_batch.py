"""TFRecord files read twice over by a TFRecordReader, parsed per example, batched by shuffle_batch."""

import json
import sys

import tensorflow.compat.v1 as tf

BATCH_SIZE = 32


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=2, shuffle=True, seed=7)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    x_batch, label_batch = tf.train.shuffle_batch(
        [features["x"], features["label"]], batch_size=BATCH_SIZE, capacity=200, min_after_dequeue=100,
        num_threads=2, seed=7, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, labels = sess.run([x_batch, label_batch])
                batches.append({"x": xs.tolist(), "label": labels.tolist()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))

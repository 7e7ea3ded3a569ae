"""batch_join over two TFRecordReaders sharing one file queue: each reader a producer of its own."""

import json
import sys

import tensorflow.compat.v1 as tf


def read_and_parse(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return [features["x"], features["label"]]


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    example_list = [read_and_parse(filename_queue) for _ in range(2)]
    x_batch, label_batch = tf.train.batch_join(example_list, batch_size=10, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
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

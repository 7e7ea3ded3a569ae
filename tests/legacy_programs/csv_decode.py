"""CSV files read once, in order, by a TextLineReader that skips each header; decode_csv; train.batch."""

import json
import sys

import tensorflow.compat.v1 as tf


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    a_batch, b_batch, label_batch = tf.train.batch([a, b, label], batch_size=32)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a_values, b_values, labels = sess.run([a_batch, b_batch, label_batch])
                batches.append([a_values.tolist(), b_values.tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))

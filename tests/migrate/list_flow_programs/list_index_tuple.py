"""TF1-style spelling through `import tensorflow as tf` and `tf.compat.v1`: a CSV helper returns a tuple, its
caller keeps it as `row` and batches `[row[0], row[-1]]` (literal indexes, one negative); the smaller final batch
kept; exact."""

import os

import tensorflow as tf


def decode_row(queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return a + b, b, label


def main(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    row = decode_row(queue)
    total, label = tf.compat.v1.train.batch([row[0], row[-1]], 8, allow_smaller_final_batch=True)
    batches, end = [], None
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            t, y = sess.run([total, label])
            batches.append([t.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

"""A program that already uses the names the rewrite would pick (dataset, parse_record)."""

import tensorflow.compat.v1 as tf


def parse_record(line):
    return line.upper()


def main(data_dir):
    dataset = "tables"
    files = [data_dir + "/table-%d.csv" % i for i in range(3)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, c = tf.decode_csv(line, [[0], [0.0], [0]])
    total = tf.cast(a, tf.float32) + b
    totals, labels = tf.train.batch([total, c], batch_size=11, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([totals, labels])
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    parse_record(dataset)
    return {"batches": out, "end": end}

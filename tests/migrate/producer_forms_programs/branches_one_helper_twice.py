"""One reader helper used by two branches over two file queues (the tables split in two), joined by
`shuffle_batch_join` inside a function that returns the batch; batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf


def parse_row(queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return [a - b, label]


def build(data_dir):
    first = tf.train.string_input_producer([os.path.join(data_dir, "table-0.csv")], num_epochs=2, shuffle=False)
    rest = tf.train.string_input_producer([os.path.join(data_dir, "table-%d.csv" % i) for i in (1, 2)],
                                         num_epochs=1, shuffle=False)
    lists = [parse_row(first), parse_row(rest)]
    return tf.train.shuffle_batch_join(lists, batch_size=12, capacity=60, min_after_dequeue=12,
                                      allow_smaller_final_batch=True)


def main(data_dir):
    diff, label = build(data_dir)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                d, l = sess.run([diff, label])
                sizes.append(len(d))
                rows.extend(zip(d.tolist(), l.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}

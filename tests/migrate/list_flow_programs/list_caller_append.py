"""The caller builds its tensor lists by `append` (`example = []`, `example.append(...)`) and batches them whole:
a one-tensor list (a bare tensor back) and, in another graph, a two-tensor one (a list back, its type recorded);
one reader, no shuffle: exact."""

import os

import tensorflow.compat.v1 as tf


def totals(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    example = []
    example.append(a + b)
    return tf.train.batch(example, batch_size=7, allow_smaller_final_batch=True)


def pairs(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    example = [a]
    example.append(label * 10)
    return tf.train.batch(example, batch_size=8)


def drain(batch):
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                out.append([type(got).__name__, [g.tolist() for g in got] if isinstance(got, list) else got.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return out, end


def main(data_dir):
    with tf.Graph().as_default():
        one, end = drain(totals(data_dir))
    with tf.Graph().as_default():
        two, end2 = drain(pairs(data_dir))
    return {"batches": one + two, "end": end if end == end2 else None}

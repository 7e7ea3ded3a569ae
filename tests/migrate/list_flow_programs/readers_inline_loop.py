"""Readers made inline in the loop's own iterable (`for k, reader in enumerate([tf.FixedLengthRecordReader(...)
for _ in range(2)])`), each read once and appended, `shuffle_batch_join` with a seed; the reader's name `reader`
reused at module level for a plain function; a multiset of rows and the batch sizes."""

import os

import tensorflow.compat.v1 as tf


def reader(path):
    with open(path, "rb") as f:
        return len(f.read())


def batches(data_dir):
    files = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=1)
    examples = []
    for k, reader in enumerate([tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4) for _ in range(2)]):
        _, raw = reader.read(queue)
        pair = tf.reshape(tf.decode_raw(raw, tf.int32), [2])
        examples.append([pair[0], pair[1] + pair[0]])
    return tf.train.shuffle_batch_join(examples, batch_size=4, capacity=30, min_after_dequeue=5, seed=2,
                                       allow_smaller_final_batch=True)


def main(data_dir):
    first, total = batches(data_dir)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([first, total])
                sizes.append(len(a))
                rows.extend(zip(a.tolist(), b.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": [sizes, sorted(rows), reader(os.path.join(data_dir, "fixed-0.bin"))], "end": end}

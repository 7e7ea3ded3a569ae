"""One pipeline per file: a helper makes the file's own unshuffled `string_input_producer`, reads its CSV lines
with a `TextLineReader` and returns a tuple; `shuffle_batch_join` over `[read_table(f) for f in files]` (a
name, counted with `len`), no `enqueue_many`; `from tensorflow.compat.v1 import train`; a multiset."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def read_table(path):
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return a + b, label


def main(data_dir):
    files = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(2)]
    per_file = [read_table(f) for f in files]
    total, label = train.shuffle_batch_join(per_file, batch_size=4, capacity=len(per_file) * 20,
                                            min_after_dequeue=5, seed=2, allow_smaller_final_batch=True)
    rows, sizes, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, l = sess.run([total, label])
                sizes.append(len(l))
                rows.extend(zip(t.tolist(), l.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}

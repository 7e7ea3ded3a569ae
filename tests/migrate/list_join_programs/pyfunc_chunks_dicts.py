"""Tables held in numpy arrays, each served by a `range_input_producer` of chunk ids driving a
`py_func(stateful=False)` that slices the arrays; each table a dict of its chunk's columns; the tables joined by
`batch_join(..., enqueue_many=True)` over a list comprehension written in the call; the rows as a multiset and
the batch sizes; `import tensorflow.compat.v1 as tf`."""

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 3


def chunks_of(table, shuffle):
    columns = {'id': table[:, 0].astype(np.int64), 'value': table[:, 1].astype(np.float32)}
    names = sorted(columns)
    count = -(-table.shape[0] // CHUNK)
    chunk_id = tf.train.range_input_producer(count, num_epochs=2, shuffle=shuffle, seed=1).dequeue()

    def rows_of_chunk(i):
        return [columns[n][i * CHUNK:(i + 1) * CHUNK] for n in names]

    parts = tf.py_func(rows_of_chunk, [chunk_id], [tf.int64, tf.float32], stateful=False)
    for part in parts:
        part.set_shape([None])
    return dict(zip(names, parts))


def main(data_dir):
    tables = [np.stack([np.arange(n) + 100 * t, np.arange(n) * 0.5], axis=1) for t, n in enumerate((7, 11, 4))]
    batch = tf.train.batch_join([chunks_of(t, shuffle=False) for t in tables], batch_size=5,
                                enqueue_many=True, allow_smaller_final_batch=True)
    rows, sizes, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                sizes.append(len(got['id']))
                rows.extend(zip(got['id'].tolist(), got['value'].tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}

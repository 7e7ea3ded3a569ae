"""One `slice_input_producer` per array pair, two epochs each, a per-element op in the helper, joined by
`batch_join` of a list filled by a loop into batches that drop no row (the rows divide evenly); `import tensorflow as tf` with
`tf.compat.v1`; a multiset of rows and the batch sizes."""

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def pairs(xs, ys):
    x, y = v1.train.slice_input_producer([xs, ys], num_epochs=2, shuffle=False)
    doubled = x * 2
    return [doubled, y]


def main(data_dir):
    arrays = [(np.arange(6) + 10 * k, np.arange(6) % 3 + k) for k in range(3)]
    sources = []
    for x, y in arrays:
        sources.append(pairs(tf.constant(x), tf.constant(y)))
    batch = v1.train.batch_join(sources, batch_size=4)
    rows, sizes, end = [], [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                d, y = sess.run(batch)
                sizes.append(len(d))
                rows.extend(zip(d.tolist(), y.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}

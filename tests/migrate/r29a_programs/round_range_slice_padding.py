"""Variable-length prefixes of a sequence, padded by a hand-built PaddingFIFOQueue (RNN batch padding tutorial)."""
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    root = os.path.join(data_dir, 'r29a_round')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'sequence.txt')
    with open(path, 'w') as f:
        f.write(' '.join(str(3 * i + 1) for i in range(12)))
    with open(path) as f:
        values = [int(v) for v in f.read().split()]

    # [1, 4, 7, ...]
    x = tf.constant(values, name='x')

    # A queue that outputs 0, 1, 2, ..., 9 once
    range_q = tf.train.range_input_producer(limit=10, num_epochs=1, shuffle=False)
    slice_end = range_q.dequeue() + 1

    # Slice x to variable length, i.e. [1], [1, 4], [1, 4, 7], ...
    y = tf.slice(x, [0], [slice_end], name='y')

    padding_q = tf.PaddingFIFOQueue(
        capacity=10,
        dtypes=[tf.int32, tf.int32],
        shapes=[[None], []])

    enqueue_op = padding_q.enqueue([y, slice_end])
    qr = tf.train.QueueRunner(padding_q, [enqueue_op])
    tf.train.add_queue_runner(qr)

    # Dequeue padded data (the last 2 of 10 never fill a batch of 4)
    batched_data, batched_len = padding_q.dequeue_many(4)

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            z, n = sess.run([batched_data, batched_len])
            batches.append({'z': z.tolist(), 'len': n.tolist()})
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

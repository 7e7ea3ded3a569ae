"""``if mode == 'train': ... elif mode == 'eval': ...`` (nothing batched otherwise), each branch with work of its
own and a batch; the eval branch taken."""

import os

import tensorflow.compat.v1 as tf


def make_batch(files, mode, batch_size=3):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    if mode == 'train':
        b = b + tf.random.uniform([], 0.0, 0.1)
        xs, ys = tf.train.shuffle_batch([b, label], batch_size, capacity=40, min_after_dequeue=10)
    elif mode == 'eval':
        b = b * 2.0 + tf.cast(a, tf.float32)
        xs, ys = tf.train.batch([b, label], batch_size, allow_smaller_final_batch=True)
    return xs, ys


def main(data_dir):
    xs, ys = make_batch([os.path.join(data_dir, 'table-%d.csv' % i) for i in range(2)], 'eval')
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

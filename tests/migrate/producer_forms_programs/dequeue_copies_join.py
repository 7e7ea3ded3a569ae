"""No reader, copies: a helper given the file-name queue (`name = queue.dequeue()`) called twice in a list
comprehension, joined by `batch_join` (each thread dequeues its own names); batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf


def read_png(queue):
    name = queue.dequeue()
    image = tf.image.decode_png(tf.read_file(name), channels=1)
    return [tf.reduce_max(image), name]


def main(data_dir):
    files = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    pairs = [read_png(queue) for _ in range(2)]
    top, names = tf.train.batch_join(pairs, batch_size=5, allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                t, n = sess.run([top, names])
                sizes.append(len(n))
                rows.extend(zip(t.tolist(), [os.path.basename(x.decode()) for x in n]))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}

"""No reader, no helper: the file-name queue dequeued inside an expression in the batch's block
(`tf.read_file(queue.dequeue())`), shuffled (seed), two epochs, `shuffle_batch` of one tensor (a bare tensor
back); batch sizes and sorted sizes."""

import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    files = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=True, seed=11)
    size = tf.strings.length(tf.read_file(queue.dequeue())) + tf.constant(1000)
    sizes = tf.train.shuffle_batch([size], batch_size=3, capacity=12, min_after_dequeue=3,
                                   allow_smaller_final_batch=True)
    counts, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run(sizes)
                counts.append(len(got))
                rows.extend(got.tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [counts, sorted(rows)], "end": end}

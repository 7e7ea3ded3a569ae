"""CSV rows batched, then a prefetch queue of whole batches made by another module's helper whose
`shared_name=None` / `num_threads=1` defaults are not passed; one dequeue."""

import os

import tensorflow.compat.v1 as tf

from r21q_lib.prefetch import prefetch_queue


def main(data_dir):
    queue = tf.train.string_input_producer([os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)],
                                           num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    a_batch, b_batch = tf.train.batch([a, b * 2.0], batch_size=5)
    batch_queue = prefetch_queue([a_batch, b_batch], capacity=3)
    a_out, b_out = batch_queue.dequeue()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a_out, b_out])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

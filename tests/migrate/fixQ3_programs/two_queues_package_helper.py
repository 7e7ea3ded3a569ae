"""Two file queues (not shuffled, one epoch each) handed to ``q3_lib.batching.batch_inputs(queue, n, train=False)``:
dict batches with dynamic padding and a smaller final batch, of 3 and of 4, fetched in turn until both end."""
import os

import tensorflow.compat.v1 as tf

from q3_lib import batching, records


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "q3_two"))
    first_queue = tf.train.string_input_producer(files[:1], num_epochs=1, shuffle=False)
    second_queue = tf.train.string_input_producer(files[1:], num_epochs=1, shuffle=False)
    first = batching.batch_inputs(first_queue, batch_size=3, train=False)
    second = batching.batch_inputs(second_queue, 4, False)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for fetch in [first, first, second, first, second, second]:
                b = sess.run(fetch)
                batches.append([b["speaker"].tolist(), b["length"].tolist(), b["tokens"].tolist(),
                                b["frames"].round(2).tolist()])
        except tf.errors.OutOfRangeError:
            batches.append("end")
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}

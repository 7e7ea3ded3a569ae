"""One module, no if: the reader queue always, its dequeue unpacked, the join over a list comprehension."""
import os

import tensorflow.compat.v1 as tf

NUM_THREADS = 2


def main(data_dir):
    folder = os.path.join(data_dir, "fxI2_c")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(8):
        paths.append(os.path.join(folder, "r%d.bin" % i))
        with open(paths[-1], "wb") as f:
            f.write(bytes([i, 2 * i, 3 * i]))
    pair = tf.train.slice_input_producer([paths, tf.range(8)], shuffle=False, num_epochs=1)
    staging = tf.FIFOQueue(16, [tf.string, tf.int32], shapes=[[], []])
    fill = staging.enqueue([tf.read_file(pair[0]), pair[1]])
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(staging, [fill] * 3))
    raw, idx = staging.dequeue()
    values = tf.cast(tf.decode_raw(raw, tf.uint8), tf.int32)
    sums, idxs = tf.train.batch_join([[tf.reduce_sum(values), idx + 100] for _ in range(NUM_THREADS)],
                                     batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([sums, idxs])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (4 * len(batches))}

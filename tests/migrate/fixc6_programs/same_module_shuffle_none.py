"""A RandomShuffleQueue stage of this module, its capacity the helper's default and `shared_name=None` passed,
then a batch helper of this module."""
import os

import tensorflow.compat.v1 as tf


def shuffle_rows(tensors, capacity=20, min_after_dequeue=3, seed=None, shared_name=None):
    with tf.name_scope("shuffle_rows"):
        dtypes = [t.dtype for t in tensors]
        queue = tf.RandomShuffleQueue(capacity, min_after_dequeue, dtypes, shapes=[[], []], seed=seed,
                                      shared_name=shared_name)
        enqueue_op = queue.enqueue(tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
        shuffled = queue.dequeue()
    return shuffled


def batched(tensors, size):
    return tf.train.batch(tensors, batch_size=size)


def main(data_dir):
    folder = os.path.join(data_dir, "fixc6_same")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(10):
            f.write("%d,%d.25\n" % (i, i * 3))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    key, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    rows = shuffle_rows([key, value], shared_name=None, seed=11)
    keys, values = batched(rows, 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, v = sess.run([keys, values])
                batches.append([k.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}

"""A FIFOQueue filled by one enqueue op per shard in a ``for i in range(len(paths))`` loop, read one element at a
time by ``dequeue()`` into a ``train.batch`` that keeps the short tail; ``import tensorflow as tf`` spelled in full."""
import os

import tensorflow as tf


def read_shard(paths, i):
    names = tf.compat.v1.train.string_input_producer(paths[i:i + 1], num_epochs=1, shuffle=False)
    _, row = tf.compat.v1.TextLineReader().read(names)
    word, count = tf.io.decode_csv(row, [[""], [0]])
    return [word, count * 10]


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    root = os.path.join(data_dir, "r26d_plain")
    os.makedirs(root, exist_ok=True)
    paths = []
    for s in range(3):
        paths.append(os.path.join(root, "w%d.csv" % s))
        with open(paths[-1], "w") as f:
            f.write("".join("w%d_%d,%d\n" % (s, t, s * 5 + t) for t in range(5)))
    q = tf.compat.v1.FIFOQueue(10, [tf.string, tf.int32], shapes=[[], []], name="words")
    enqueue_ops = []
    for i in range(len(paths)):
        word, count = read_shard(paths, i)
        enqueue_ops.append(q.enqueue([word, count]))
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(q, enqueue_ops))
    word, count = q.dequeue()
    words, counts = tf.compat.v1.train.batch([word, count], 4, capacity=8, allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, c = sess.run([words, counts])
                batches.append([[x.decode() for x in w], c.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

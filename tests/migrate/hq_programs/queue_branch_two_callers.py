"""A queue helper of this module choosing its queue by `if mode != "eval":` (a FIFOQueue, else a
RandomShuffleQueue), filled by `[enqueue] * threads` under one QueueRunner and read by `dequeue_many`; two callers,
one leaving `mode` to its default, one giving the default's literal; `import tensorflow.compat.v1 as tf`; a
multiset."""

import os

import tensorflow.compat.v1 as tf


def batch_queue(feature, label, batch_size, threads=2, mode="train"):
    if mode != "eval":
        q = tf.FIFOQueue(capacity=20, dtypes=[tf.int32, tf.string], shapes=[[], []])
    else:
        q = tf.RandomShuffleQueue(capacity=20, min_after_dequeue=2, dtypes=[tf.int32, tf.string], shapes=[[], []])
    enqueue = q.enqueue([feature, label])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enqueue] * threads))
    return q.dequeue_many(batch_size)


def rows(path):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    number, word = tf.decode_csv(line, [[0], [""]])
    return number * 3, word


def main(data_dir):
    paths = []
    for k in range(2):
        path = os.path.join(data_dir, "hq_branch_%d.csv" % k)
        with open(path, "w") as f:
            f.write("".join("%d,w%d_%d\n" % (10 * k + j, k, j) for j in range(6)))
        paths.append(path)
    number, word = rows(paths[0])
    first = batch_queue(number, word, 2)
    number2, word2 = rows(paths[1])
    second = batch_queue(number2, word2, 3, mode="train")
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for batch in (first, second):
            try:
                while True:
                    n, w = sess.run(batch)
                    out.append([n.tolist(), [x.decode() for x in w]])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=1)
    return {"batches": out, "end": "rows %d" % sum(len(b[0]) for b in out)}

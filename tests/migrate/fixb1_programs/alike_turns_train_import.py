"""Word counts read in groups: ``read_up_to`` of one reader in each turn, ``enqueue_many``, names from
``from tensorflow.compat.v1 import train``."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    folder = os.path.join(data_dir, "fixb1_words")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for k in range(2):
        path = os.path.join(folder, "words%d.txt" % k)
        with open(path, "w") as f:
            for i in range(8):
                f.write("%d %s\n" % (k * 100 + i, "ab" * (i % 3 + 1)))
        paths.append(path)
    names = train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    queue = tf.RandomShuffleQueue(40, 4, [tf.int32, tf.int32], shapes=[[], []], seed=3)
    enqueue_ops = []
    for _ in range(2):
        _, lines = reader.read_up_to(names, 2)
        parts = tf.sparse.to_dense(tf.strings.split(lines, sep=" "), default_value="")
        nums = tf.strings.to_number(parts[:, 0], tf.int32)
        enqueue_ops.append(queue.enqueue_many([nums, tf.strings.length(parts[:, 1])]))
    train.add_queue_runner(train.QueueRunner(queue, enqueue_ops))
    ids, sizes = queue.dequeue_many(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([ids, sizes])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "words: %d" % (4 * len(batches))}

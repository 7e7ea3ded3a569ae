"""A loop over `enumerate(paths)` making each file's own queue (by a queue helper) and reader and its per-element
code in the loop body (the index read by it), appending a list; `shuffle_batch_join`; `from
tensorflow.compat.v1 import train`; module-level constants read in the body; a multiset."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

DEFAULTS = [[0], [""]]
BATCH = 4


def file_queue(path):
    return train.string_input_producer([path], num_epochs=1, shuffle=False)


def main(data_dir):
    paths = []
    for k in range(3):
        path = os.path.join(data_dir, "hq_enum_%d.csv" % k)
        with open(path, "w") as f:
            f.write("".join("%d,r%d_%d\n" % (j, k, j) for j in range(4)))
        paths.append(path)
    examples = []
    for i, path in enumerate(paths):
        q = file_queue(path)
        reader = tf.TextLineReader()
        _, line = reader.read(q)
        num, text = tf.decode_csv(line, DEFAULTS)
        examples.append([num + i * 100, tf.strings.upper(text)])
    nums, texts = train.shuffle_batch_join(examples, batch_size=BATCH, capacity=30, min_after_dequeue=4)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, t = sess.run([nums, texts])
                out.append([n.tolist(), [b.decode() for b in t]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "rows %d" % sum(len(b[0]) for b in out)}

"""Words read from a text file; which extra columns the batch gets is a module constant."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

MODE = "lengths"


def batches(path, batch_size=3):
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    columns = [line]
    if MODE == "upper":
        columns.append(tf.strings.upper(line))
    elif MODE == "lengths":
        length = tf.strings.length(line)
        columns.append(length)
        columns.extend([length * 2, tf.strings.substr(line, 0, 1)])
    else:
        columns.append(tf.zeros([], tf.int32))
    return train.batch(columns, batch_size=batch_size)


def main(data_dir):
    path = os.path.join(data_dir, "r34c_words.txt")
    with open(path, "w") as f:
        f.write("\n".join(["alpha", "be", "gamma", "dee", "epsilon", "zeta"]) + "\n")
    lines, lengths, doubled, initials = batches(path)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, c, d = sess.run([lines, lengths, doubled, initials])
                out.append([[x.decode() for x in a], b.tolist(), c.tolist(), [x.decode() for x in d]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}

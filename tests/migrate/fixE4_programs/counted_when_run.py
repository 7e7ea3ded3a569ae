"""`[first] + rest` with `rest` chosen by a parameter: its count is known only when the program runs. Legacy's
batch gave a list for two tensors, the tensor itself for one; the two callers see each."""
import os

import tensorflow.compat.v1 as tf


def batched(path, rest_names):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    first, second = tf.decode_csv(line, record_defaults=[[0], [0]])
    rest = [second] if rest_names else []
    return tf.train.batch([first] + rest, 3)


def main(data_dir):
    folder = os.path.join(data_dir, "fixE4_counted")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "two.csv")
    with open(path, "w") as f:
        f.write("".join("%d,%d\n" % (i, i * i) for i in range(9)))
    both = batched(path, ["second"])
    alone = batched(path, [])
    kinds = "%s %s" % (type(both).__name__, type(alone).__name__.replace("Symbolic", ""))
    both.append(both[1] - both[0])
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(3):
            got, one = sess.run([both, alone])
            out.append([[v.tolist() for v in got], one.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": kinds}

"""A module function returns a dict literal of decoded fields; the caller batches ``[fields[k] for k in keys]``
(``keys = sorted(fields)``, no shapes) at module level of ``main`` and zips the batch back with the keys."""
import os

from tensorflow.compat import v1 as tf


def decode(line):
    cols = tf.decode_csv(line, [[0], [0.0], [""]])
    return {"a": cols[0], "b": cols[1] * 2.0, "c": cols[2]}


def main(data_dir):
    root = os.path.join(data_dir, "r26c_dict_helper")
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "rows.csv")
    with open(path, "w") as f:
        for i in range(9):
            f.write("%d,%.1f,w%d\n" % (i, i / 4.0, i % 3))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    fields = decode(line)
    keys = sorted(fields)
    batched = tf.train.batch([fields[k] for k in keys], batch_size=4, allow_smaller_final_batch=True)
    named = dict(zip(keys, batched))
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(named)
                out.append([b["a"].tolist(), [round(float(x), 4) for x in b["b"]],
                            [x.decode() for x in b["c"]]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

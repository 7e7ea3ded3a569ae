"""A batch unpacked at once (`ids, squares = train.batch([...], ...)`): a tuple unpacks as the list did."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    folder = os.path.join(data_dir, "fixE4_unpacked")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "sq.csv")
    with open(path, "w") as f:
        f.write("".join("%d,%d\n" % (i, i * i) for i in range(8)))
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    i, sq = tf.decode_csv(line, record_defaults=[[0], [0]])
    ids, squares = train.batch([i, sq], batch_size=4)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            a, b = sess.run([ids, squares])
            out.append([a.tolist(), b.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "unpacked"}

"""Two sibling name scopes in one function: the file queue and the read in `input`, the decode and the batch in
`batching`; `train` imported from `tensorflow.compat.v1`. 12 rows in batches of 4, in file order."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def write_rows(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for f in range(3):
        path = os.path.join(folder, "part-%d.csv" % f)
        with open(path, "w") as out:
            for r in range(4):
                out.write("%d,%.2f\n" % (f * 10 + r, f + r / 4.0))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_rows(os.path.join(data_dir, "r46n_two_blocks"))
    with tf.name_scope("input"):
        queue = train.string_input_producer(paths, num_epochs=1, shuffle=False)
        reader = tf.TextLineReader()
        _, line = reader.read(queue)
    with tf.name_scope("batching"):
        ident, score = tf.decode_csv(line, record_defaults=[[0], [0.0]])
        score = score * 2.0
        ids, scores = train.batch([ident, score], batch_size=4, capacity=16)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, s = sess.run([ids, scores])
                out.append([i.tolist(), [round(float(x), 6) for x in s]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

"""`from tensorflow.compat.v1 import train`: a variable made between the read and the batch (`tf.Variable`), read by
two statements of the per-element code over two decoded columns; the batch holds one of their names between the
columns. The variable and its statements run on each row after the batch."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    folder = os.path.join(data_dir, "r46s_rows")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "pairs.csv")
    with open(path, "w") as f:
        for i in range(8):
            f.write("%.1f,%.1f\n" % (i * 1.5, 10 - i))
    filename_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    a, b = tf.decode_csv(line, [[0.0], [0.0]])
    weight = tf.Variable(2.0, trainable=False, name="weight")
    scaled = a * weight
    total = scaled + b
    batch = train.batch([a, total, b], batch_size=2)
    out = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([v.tolist() for v in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "OutOfRangeError"}

"""A module's CSV reader helper inside `with tf.name_scope("read") as sc:` (the name unread), the batch
through `from tensorflow.compat.v1 import train`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def read_row(queue, defaults):
    with tf.name_scope("read") as sc:
        reader = tf.TextLineReader(skip_header_lines=1)
        key, line = reader.read(queue)
        station, depth, temp = tf.decode_csv(line, record_defaults=defaults)
        return station, depth * 2, temp


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_boreholes")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "holes.csv")
    with open(path, "w") as f:
        f.write("station,depth,temp\n")
        for i in range(12):
            f.write("st%02d,%d,%.1f\n" % (i, 3 * i + 1, -0.5 * i))
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    station, depth, temp = read_row(queue, [[""], [0], [0.0]])
    stations, depths, temps = train.batch([station, depth, temp], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, d, t = sess.run([stations, depths, temps])
                batches.append([[v.decode() for v in s], d.tolist(), [round(float(v), 2) for v in t]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "holes: %d" % sum(len(b[0]) for b in batches)}

"""Sensor lines: a helper reading groups with an inline reader (`read_up_to(queue, num_records=n)`), one
`train.batch(enqueue_many=True)` thread: the rows in file order."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def write_csvs(out):
    paths = []
    for part, count in enumerate((5, 7)):
        path = os.path.join(out, "part_%d.csv" % part)
        with open(path, "w") as f:
            for i in range(count):
                f.write("%d,%.1f\n" % (part * 10 + i, i * 0.5))
        paths.append(path)
    return paths


def load_rows(queue, group=4):
    _, lines = tf.TextLineReader().read_up_to(queue, num_records=group)
    ident, value = tf.decode_csv(lines, record_defaults=[[0], [0.0]])
    return ident, value * 10.0


def main(data_dir):
    out = os.path.join(data_dir, "r36c_inline")
    os.makedirs(out, exist_ok=True)
    queue = train.string_input_producer(write_csvs(out), num_epochs=1, shuffle=False)
    ident, value = load_rows(queue)
    ident_b, value_b = train.batch([ident, value], batch_size=3, enqueue_many=True, capacity=16)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, v = sess.run([ident_b, value_b])
                batches.append([i.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}

"""Round 55's shape: the pipeline's files are a parameter of a module function named `run`, and the session's
`sess.run(...)` fetches a variable's increment (a `sess.run` is no call of that function: its arguments are not
the files); another caller passes the files by keyword."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def csv_batches(files, batch_size):
    file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(file_queue)
    name, a, b = tf.decode_csv(line, [[""], [0.0], [0]])
    return tf.train.batch([name, a * 2.0, b], batch_size=batch_size)


def run(files, batch_size):
    step = tf.Variable(0)
    increment = step.assign_add(1)
    names, a, b = csv_batches(files, batch_size)
    out = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            n, x, y, s = sess.run([names, a, b, increment])
            out.append([[v.decode() for v in n], x.tolist(), y.tolist(), int(s)])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return out


def write(data_dir):
    folder = os.path.join(data_dir, 'fixV_run')
    os.makedirs(folder, exist_ok=True)
    paths = []
    for k in range(2):
        paths.append(os.path.join(folder, 'part_%d.csv' % k))
        with open(paths[-1], 'w') as f:
            f.write('name,a,b\n')
            for i in range(5):
                f.write('r%d-%d,%.1f,%d\n' % (k, i, i * 1.5, k * 10 + i))
    return paths


def main(data_dir):
    paths = write(data_dir)
    if not paths:
        return run(files=[], batch_size=5)
    results = run(sorted(paths), 5)
    return {"batches": [r[:3] for r in results],
            "end": "rows: %d, steps: %d" % (sum(len(r[0]) for r in results), results[-1][3])}

"""Three text files, three helpers each with its own producer and reader, read in lockstep into one batch;
`import tensorflow as tf` with `tf.compat.v1.*`; the files' lengths differ (7, 5 and 9 lines, 2 epochs each)."""

import os

import tensorflow as tf

v1 = tf.compat.v1


def write(data_dir):
    paths = []
    for name, count, base in (("a", 7, 0), ("b", 5, 100), ("c", 9, 1000)):
        path = os.path.join(data_dir, "r19f_three_%s.txt" % name)
        with open(path, "w") as f:
            f.write("".join("%d\n" % (base + k) for k in range(count)))
        paths.append(path)
    return paths


def first_column(path):
    q = v1.train.string_input_producer([path], num_epochs=2, shuffle=False)
    key, line = v1.TextLineReader().read(q)
    return v1.string_to_number(line, out_type=tf.int32)


def second_column(path):
    q = v1.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, line = v1.TextLineReader().read(q)
    return v1.string_to_number(line, out_type=tf.int32) * 2


class Third:
    def __init__(self, path):
        self.path = path


def third_column(spec):
    q = v1.train.string_input_producer([spec.path], num_epochs=2, shuffle=False)
    _, line = v1.TextLineReader().read(q)
    return line


def main(data_dir):
    a, b, c = write(data_dir)
    x = first_column(a)
    y = second_column(b)
    z = third_column(Third(c))
    total = x + y
    xs, totals, zs = v1.train.batch([x, total, z], batch_size=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, q, r = sess.run([xs, totals, zs])
                batches.append([p.tolist(), q.tolist(), [s.decode() for s in r]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

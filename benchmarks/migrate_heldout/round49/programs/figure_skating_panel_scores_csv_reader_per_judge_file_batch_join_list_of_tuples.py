"""Technical panel marks, one CSV per judge, read by one reader each and joined.

Organised like the reading-data how-to's batch_join variant: a parse function,
a list of tuples built by a comprehension, and tf.train.batch_join.
"""
import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1

ELEMENTS = ["3A", "4T", "3Lz+3T", "CCoSp4", "StSq3", "ChSq1"]


def read_panel_line(filename_queue):
    reader = v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    skater, element, base, goe = v1.decode_csv(
        line, record_defaults=[[""], [""], [0.0], [0]], field_delim=";")
    return skater, element, base + tf.cast(goe, tf.float32) * base / 10.0


def panel_batches(files, batch_size, num_readers=2):
    filename_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    example_list = [read_panel_line(filename_queue) for _ in range(num_readers)]
    return v1.train.batch_join(example_list, batch_size=batch_size, capacity=4 * batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "h49_skating_panel")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(49)
    files = []
    for judge in range(3):
        path = os.path.join(folder, "judge_%d.csv" % (judge + 1))
        with open(path, "w") as f:
            f.write("skater;element;base;goe\n")
            for i in range(4):
                f.write("SK%02d;%s;%.2f;%d\n" % (judge * 4 + i, ELEMENTS[(judge + i) % 6],
                                                rng.choice([3.5, 8.0, 9.5, 3.2, 3.3, 5.9]),
                                                rng.randint(-3, 4)))
        files.append(path)

    skaters, elements, scores = panel_batches(files, batch_size=3)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, e, sc = sess.run([skaters, elements, scores])
                batches.append([[x.decode() for x in s], [x.decode() for x in e],
                                np.round(sc.astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "marks: %d" % sum(len(b[0]) for b in batches)}

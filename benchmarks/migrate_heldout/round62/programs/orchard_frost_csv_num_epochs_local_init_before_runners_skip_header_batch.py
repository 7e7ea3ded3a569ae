# Frost readings from two orchard blocks.
# From tensorflow/tensorflow issue #3131 "string_input_producer misbehave when num_epochs is set":
# the queue stayed empty until the epoch variable was initialised before starting the runners
# (mrry's answer).  Today that variable is a local one, hence both initialisers.
import os
import numpy as np
import tensorflow as tf

BATCH_SIZE = 3


def make_blocks(folder):
    rng = np.random.RandomState(3131)
    names = []
    for block in ("north", "south"):
        fname = os.path.join(folder, "block_%s.csv" % block)
        with open(fname, "w") as f:
            f.write("block,tree,temp_c,frost\n")
            for tree in range(6):
                t = rng.uniform(-4.0, 3.0)
                f.write("%s,%d,%.2f,%d\n" % (block, tree, t, int(t < 0)))
        names.append(fname)
    return names


def main(data_dir):
    folder = os.path.join(data_dir, "h62_orchard_frost")
    os.makedirs(folder, exist_ok=True)
    filenames = make_blocks(folder)

    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    block, tree, temp, frost = tf.io.decode_csv(line, record_defaults=[[""], [0], [0.0], [0]])
    blocks, trees, temps, frosts = tf.compat.v1.train.batch([block, tree, temp, frost], batch_size=BATCH_SIZE)

    init = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())
    sess = tf.compat.v1.Session()
    sess.run(init)  # the fix: before start_queue_runners
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    out = []
    try:
        while not coord.should_stop():
            b, t, c, f = sess.run([blocks, trees, temps, frosts])
            out.append([[x.decode() for x in b], t.tolist(), np.round(c, 2).tolist(), f.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": out, "end": "trees: %d" % sum(len(b[1]) for b in out)}

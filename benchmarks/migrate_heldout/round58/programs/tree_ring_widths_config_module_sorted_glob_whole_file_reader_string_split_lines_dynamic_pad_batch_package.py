import os, glob, sys
os.environ['TF_CPP_MIN_LOG_LEVEL']='2'

import numpy as np
import tensorflow as tf

import ring58_lib.config as cfg

tf = tf.compat.v1


def write_cores(ring_dir):
    rng = np.random.RandomState(1816)
    os.makedirs(ring_dir, exist_ok=True)
    for i, (site, start) in enumerate([('abisko', 1961), ('dovrefjell', 1958), ('sarek', 1966),
                                       ('jotunheimen', 1960), ('kebnekaise', 1963), ('padjelanta', 1959)]):
        n = 3 + (i % 3)
        with open(os.path.join(ring_dir, '%s_core%d.txt' % (site, i)), 'w') as f:
            for k in range(n):
                f.write('%d,%.2f\n' % (start + k, rng.uniform(0.2, 3.0)))


def read_core(filename_queue):
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    lines = tf.string_split([tf.strings.strip(value)], '\n').values
    year, width = tf.decode_csv(lines, record_defaults=[[0], [0.0]])
    first_year = year[0] - cfg.min_year
    n_rings = tf.size(width)
    return width, first_year, n_rings


def main(data_dir):
    # hypo params
    ring_dir = os.path.join(data_dir, 'h58_tree_rings', cfg.ring_dir)
    write_cores(ring_dir)
    core_files = sorted(glob.glob(ring_dir + '/*.txt'))

    filename_queue = tf.train.string_input_producer(core_files, num_epochs=cfg.num_epochs, shuffle=False)
    width, first_year, n_rings = read_core(filename_queue)
    widths, first_years, lengths = tf.train.batch([width, first_year, n_rings], batch_size=cfg.batch_size,
                                                  dynamic_pad=True, num_threads=1)
    mean_width = tf.reduce_sum(widths, axis=1) / tf.cast(lengths, tf.float32)

    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            w, fy, n, mw = sess.run([widths, first_years, lengths, mean_width])
            out.append([w.tolist(), fy.tolist(), n.tolist(), np.round(mw, 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass  # print('done -- %d cores' % len(core_files))
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": out, "end": "cores: %d" % len(core_files)}

"""Solar-panel inverter readings (six int64 milliwatt values per record, fault flag): an
INPUTS_SIZE / NUM_CLASSES module with read_and_decode(filename_queue, scope=None) under name_scope,
decode_raw int64, one_hot labels, a seeded two-thread shuffle_batch over two files."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sol78 import inverter_records


def convert_to(out_dir):
    rng = np.random.RandomState(9178)
    pid = 0
    for part in range(2):
        path = os.path.join(out_dir, 'inverter_%d.tfrecords' % part)
        with tf.python_io.TFRecordWriter(path) as writer:
            for _ in range(6):
                x = rng.randint(0, 5000, size=inverter_records.INPUTS_SIZE[0]).astype(np.int64)
                y = int(x.min() < 500)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'x': tf.train.Feature(bytes_list=tf.train.BytesList(value=[x.tobytes()])),
                    'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[y])),
                    'panel_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[pid])),
                }))
                writer.write(example.SerializeToString())
                pid += 1


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_solar')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    convert_to(out_dir)

    ids, x, y = inverter_records.inputs(out_dir, batch_size=4, num_epochs=1)
    x_flat = tf.reshape(x, [-1, inverter_records.INPUTS_SIZE[0]])

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        step = 0
        while not coord.should_stop():
            i, xv, yv = sess.run([ids, x_flat, y])
            batches.append([i.tolist(), np.round(xv.astype(np.float64), 3).tolist(), yv.astype(np.int64).tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done training for %d steps.' % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "readings: %d" % sum(len(b[0]) for b in batches)}

"""Glacier ablation stakes, one CSV per stake, read line by line in an InteractiveSession.

After tensorflow/tensorflow issue #1401 ("Error in string_input_producer"): the asker printed
filename_queue.size() before starting the runners and got [0]; the fix was to call
tf.train.start_queue_runners(sess=sess) before dequeuing.  The size check is kept (it reads 0).
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_stakes(folder):
    rng = np.random.RandomState(621)
    files = []
    for s in range(3):
        path = os.path.join(folder, "stake_%d.csv" % s)
        with open(path, "w") as f:
            for day in range(4):
                f.write("S%d,%d,%.1f\n" % (s, day, rng.uniform(0.0, 5.0)))
        files.append(path)
    return files


def main(data_dir):
    folder = os.path.join(data_dir, "h62_glacier_stakes")
    os.makedirs(folder, exist_ok=True)
    filenames = write_stakes(folder)

    sess = tf.InteractiveSession()
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    test_value = tf.convert_to_tensor(filename_queue.size())
    size_before = sess.run([test_value])  # [0]: nothing fills the queue yet

    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    stake, day, melt = tf.decode_csv(value, record_defaults=[[""], [0], [0.0]])

    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while True:
            s, d, m = sess.run([stake, day, melt])
            batches.append([[s.decode()], [int(d)], [round(float(m), 2)]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": {"size_before_runners": int(size_before[0]), "readings": len(batches)}}

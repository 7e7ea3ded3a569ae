"""UrbanSound8K-style clips as fixed-length float32 records (label + samples), two readers into `shuffle_batch_join`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

SAMPLES = 6
RECORD_BYTES = 4 * (1 + SAMPLES)
READ_THREADS = 2


def write_fold(path, fold, n):
    rng = np.random.RandomState(350 + fold)
    rows = []
    for i in range(n):
        rows.append(np.concatenate([[float((fold * n + i) % 10)], np.round(rng.uniform(-1, 1, SAMPLES), 3)]))
    np.asarray(rows, dtype=np.float32).tofile(path)


def read_clip(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.float32)
    label = tf.cast(record[0], tf.int32)
    clip = tf.reshape(record[1:], [SAMPLES])
    rms = tf.sqrt(tf.reduce_mean(tf.square(clip)))
    return clip, rms, label


def main(data_dir):
    root = os.path.join(data_dir, 'h35_urbansound')
    os.makedirs(root, exist_ok=True)
    files = []
    for fold in range(1, 4):
        path = os.path.join(root, 'fold%d.bin' % fold)
        write_fold(path, fold, 4)
        files.append(path)
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=35)
    example_list = [read_clip(filename_queue) for _ in range(READ_THREADS)]
    clips, rms, labels = tf.train.shuffle_batch_join(example_list, batch_size=4, capacity=24,
                                                     min_after_dequeue=6, seed=35)
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            c, r, l = sess.run([clips, rms, labels])
            batches.append([np.round(c, 3).tolist(), np.round(r, 3).tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "clips: %d" % sum(len(b[2]) for b in batches)}

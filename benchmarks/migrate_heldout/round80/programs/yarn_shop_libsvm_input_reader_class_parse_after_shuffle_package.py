"""Yarn-shop recommendation records (bought or not, a variable number of libsvm feature ids / values) read by
``yarn80.reader.LibSVMInputReader(filename_queue, 3, 100, 5).read()``: serialized records shuffled first and parsed
by ``parse_example`` into sparse ids / values, in the source's ``reader_test()`` loop (``step`` counter,
``print_info``). The source caught ``tf.errors.OutofRangeError`` (sic), which does not exist; the name is
corrected so the end of the epoch is caught."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from yarn80.log import print_info
from yarn80.reader import LibSVMInputReader


def _write(path):
    rng = np.random.RandomState(9)
    with tf.python_io.TFRecordWriter(path) as w:
        for _ in range(12):
            n = rng.randint(1, 4)
            ids = sorted(rng.choice(20, n, replace=False).tolist())
            vals = np.round(rng.uniform(0, 1, n), 2).tolist()
            ex = tf.train.Example(features=tf.train.Features(feature={
                'label': tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(0, 2))])),
                'feature_ids': tf.train.Feature(int64_list=tf.train.Int64List(value=ids)),
                'feature_vals': tf.train.Feature(float_list=tf.train.FloatList(value=vals)),
            }))
            w.write(ex.SerializeToString())


def _rows(sparse, n, digits=None):
    rows = [[] for _ in range(n)]
    for (r, _), v in zip(sparse.indices, sparse.values):
        rows[r].append(round(float(v), digits) if digits else int(v))
    return rows


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_yarn')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'yarn_00001.tfrecord')
    _write(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    libsvm_input_reader = LibSVMInputReader(filename_queue, 3, 100, 5)
    init_op = tf.group(tf.initialize_all_variables(), tf.initialize_local_variables())
    batch_label, batch_feature_ids, batch_feature_vals = libsvm_input_reader.read()
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop():
                step += 1
                print("step: {0}".format(step))
                batch_label_list, batch_feature_ids_list, batch_feature_vals_list = sess.run(
                    [batch_label, batch_feature_ids, batch_feature_vals])
                n = len(batch_label_list)
                batches.append([batch_label_list.tolist(), _rows(batch_feature_ids_list, n),
                                _rows(batch_feature_vals_list, n, 2)])
        except tf.errors.OutOfRangeError:
            print_info("Done")
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "records: %d" % sum(len(b[0]) for b in batches)}

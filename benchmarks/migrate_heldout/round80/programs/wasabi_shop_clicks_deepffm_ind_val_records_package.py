"""Wasabi web-shop clicks (four categorical fields, their values, a click label) as TFRecords of raw
``ind`` / ``val`` bytes, read by ``wasabi80.data_reader.inputs`` (two-thread ``shuffle_batch``) for one epoch;
the field offsets from ``laod_field_range`` turn field-local indices into global feature ids after the batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from wasabi80 import data_reader


def _write(folder):
    lens = [3, 5, 2, 4]
    with open(os.path.join(folder, 'limits.txt'), 'w') as f:
        f.write('\t'.join(str(x) for x in lens) + '\n')
    rng = np.random.RandomState(33)
    with tf.python_io.TFRecordWriter(os.path.join(folder, 'train.tfrecords')) as w:
        for _ in range(12):
            ind = np.array([rng.randint(0, n) for n in lens], dtype=np.int32)
            val = np.round(rng.uniform(0, 1, size=4), 3).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'ind': tf.train.Feature(bytes_list=tf.train.BytesList(value=[ind.tobytes()])),
                'val': tf.train.Feature(bytes_list=tf.train.BytesList(value=[val.tobytes()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 2))])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_wasabi')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    field_range = data_reader.laod_field_range(os.path.join(folder, 'limits.txt'))
    inds, vals, labels = data_reader.inputs(os.path.join(folder, 'train.tfrecords'), 4, num_epochs=1)
    global_ids = inds + tf.constant(field_range[:-1], dtype=tf.int32)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                g, v, l = sess.run([global_ids, vals, labels])
                batches.append([g.tolist(), np.round(v, 3).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "clicks: %d over %d features" % (sum(len(b[2]) for b in batches),
                                                                           field_range[-1])}

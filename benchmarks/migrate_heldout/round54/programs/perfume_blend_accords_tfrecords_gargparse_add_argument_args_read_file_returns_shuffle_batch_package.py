import os

import numpy as np
import tensorflow as tf

from perfume54_lib import blends
from perfume54_lib.gargparse import ARGS


def _write_blends(out):
    rng = np.random.RandomState(54)
    paths = []
    for part in range(2):
        path = os.path.join(out, "accords-%d.tfrecords" % part)
        with tf.compat.v1.python_io.TFRecordWriter(path) as w:
            for i in range(6):
                notes = rng.randint(0, 101, size=ARGS.num_notes).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "notes_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[notes.tobytes()])),
                    "family": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(notes.argmax())])),
                    "blend_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[part * 6 + i])),
                }))
                w.write(ex.SerializeToString())
        paths.append(path)
    return paths


def main(data_dir):
    out = os.path.join(data_dir, "h54_perfume_accords")
    if not os.path.exists(out):
        os.makedirs(out)
    paths = _write_blends(out)
    filename_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1)
    notes, family, blend_id = blends.read_file(filename_queue)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, f, b = sess.run([notes, family, blend_id])
                batches.append([np.round(n.astype(np.float64), 4).tolist(), f.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "blends: %d" % sum(len(b[2]) for b in batches)}

"""ICU stays as SequenceExamples: a FLAGS class, feature sizes unpickled inside read_and_decode, padded batch on two threads."""
import os

import numpy as np
import tensorflow as tf

from icu38_lib import pickle_utils as pu
from icu38_lib import reader as icu_reader
from icu38_lib.reader import FLAGS


def write_stays(out):
    rng = np.random.RandomState(38)
    pu.dump({'numerical_static': 2, 'numerical_ts': 3}, os.path.join(out, 'feature_numbers.pkl.gz'))
    path = os.path.join(out, 'stays.tfrecords')
    with tf.io.TFRecordWriter(path) as w:
        for i in range(12):
            steps = 2 + i % 3
            ex = tf.train.SequenceExample()
            ex.context.feature['icustay_id'].int64_list.value.append(200000 + i)
            ex.context.feature['numerical_static'].float_list.value.extend(
                [float(40 + 3 * i), float(rng.randint(50, 100))])       # age, weight
            ts = ex.feature_lists.feature_list['numerical_ts']
            vp = ex.feature_lists.feature_list['vasopressor']
            for t in range(steps):
                ts.feature.add().float_list.value.extend(
                    [float(rng.randint(60, 120)), float(rng.randint(90, 140)), round(float(rng.uniform(36, 39)), 1)])
                vp.feature.add().int64_list.value.append(int(rng.randint(0, 2)))
            w.write(ex.SerializeToString())
    return [path]


def main(data_dir):
    out = os.path.join(data_dir, 'h38_icu_stays')
    os.makedirs(out, exist_ok=True)
    filenames = write_stays(out)
    FLAGS.data_dir = out

    ids, static, ts, vaso, lengths = icu_reader.input_pipeline(filenames)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                b_ids, b_static, b_ts, b_vaso, b_len = sess.run([ids, static, ts, vaso, lengths])
                # padding cut back to each stay's own length
                batches.append([b_ids.tolist(), np.round(b_static.astype(np.float64), 4).tolist(),
                                [np.round(b_ts[r, :n].astype(np.float64), 4).tolist() for r, n in enumerate(b_len)],
                                [b_vaso[r, :n].tolist() for r, n in enumerate(b_len)],
                                b_len.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "stays: %d" % sum(len(b[0]) for b in batches)}

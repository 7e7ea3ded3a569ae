# Paddleboard rentals: rental id, board length, minutes out, and whether the board came back late.
# `match_filenames_once` is wrapped in `convert_to_tensor` (TF 2.x returns a resource variable).
import os

import numpy as np
import tensorflow.compat.v1 as tf

from paddleboard76 import pipeline


def main(data_dir):
    out = os.path.join(data_dir, 'h76_paddleboard')
    if not os.path.isdir(out):
        os.makedirs(out)
    rng = np.random.RandomState(30)
    rid = 0
    for shard in range(3):
        with tf.python_io.TFRecordWriter(os.path.join(out, 'rentals-%d.tfrecord' % shard)) as w:
            for _ in range(4):
                rid += 1
                feat = {
                    'rental_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[rid])),
                    'board_len_ft': tf.train.Feature(float_list=tf.train.FloatList(
                        value=[float(rng.choice([9.5, 10.5, 11.0, 12.6]))])),
                    'minutes': tf.train.Feature(int64_list=tf.train.Int64List(value=[rng.randint(30, 240)])),
                    'returned_late': tf.train.Feature(int64_list=tf.train.Int64List(value=[rng.randint(2)])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())

    feats, label = pipeline.make_batch(os.path.join(out, 'rentals-*.tfrecord'), batch_size=4, num_epochs=1,
                                       threads=2, seed=5)
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)
    batches = []
    hooks = [tf.train.StopAtStepHook(last_step=100)]
    with tf.train.SingularMonitoredSession(hooks=hooks) as sess:
        while not sess.should_stop():
            f, l, _ = sess.run([feats, label, step_op])
            batches.append([f['rental_id'].tolist(), np.round(f['board_len_ft'], 1).tolist(),
                            f['minutes'].tolist(), l.tolist()])
    return {"batches": batches, "end": "rentals: %d" % sum(len(b[0]) for b in batches)}

"""Spoken-word regression records listed in a split CSV, read by a data_provider.get_split(options) package."""
import os
from pathlib import Path

import numpy as np
import tensorflow.compat.v1 as tf

from lip37_lib import data_provider
from lip37_lib.records import write_split


def main(data_dir):
    base = Path(data_dir) / "h37_spoken_words"
    base.mkdir(parents=True, exist_ok=True)
    write_split(base, "train", 7, 37)
    options = {'batch_size': 3, 'raw_audio_num_features': 6, 'mfcc_num_features': 4,
               'data_root_dir': str(base), 'split_name': 'train', 'shuffle': False}
    raw_audio, mfcc, labels, subject_id, word = data_provider.get_split(options)
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, m, l, s, w = sess.run([raw_audio, mfcc, labels, subject_id, word])
            batches.append([np.round(a.astype(np.float64), 4).tolist(), np.round(m.astype(np.float64), 4).tolist(),
                            np.round(l.astype(np.float64), 4).tolist(), s.tolist(), [x.decode() for x in w]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "utterances: %d" % sum(len(b[3]) for b in batches)}

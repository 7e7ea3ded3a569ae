"""TIMIT-like utterances (WAV + transcription list) through timit39_lib.s_input.inputs_train."""
import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf

from timit39_lib import s_input
from timit39_lib.s_labels import LabelManager
from timit39_lib.s_params import FLAGS

UTTERANCES = ['she had', 'your dark', 'suit in', 'greasy', 'wash water', 'all year', "don't ask"]


def _write_corpus(folder):
    rng = np.random.RandomState(3939)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    lines = []
    for i, text in enumerate(UTTERANCES):
        name = 'dr1_fcjf0_sa%d.wav' % i
        n = s_input.NUM_MFCC * (3 + (i * 2) % 5) + (i % 3)
        samples = (rng.uniform(-0.5, 0.5, n) * 32767).astype(np.int16)
        w = wave.open(os.path.join(folder, name), 'wb')
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(FLAGS.sampling_rate)
        w.writeframes(samples.tobytes())
        w.close()
        lines.append('%s %s' % (name, text))
    with open(os.path.join(folder, 'train.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')


def main(data_dir):
    s_input.DATA_PATH = os.path.join(data_dir, 'h39_timit_phones', 'data')
    _write_corpus(s_input.DATA_PATH)
    labels = LabelManager()

    sequences, seq_lengths, label_ids, label_lengths = s_input.inputs_train(FLAGS.batch_size)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, sl, l, ll = sess.run([sequences, seq_lengths, label_ids, label_lengths])
                batches.append([
                    [np.round(s[i, :sl[i]], 5).tolist() for i in range(len(sl))],
                    sl.tolist(),
                    [labels.decode(l[i, :ll[i]]) for i in range(len(ll))],
                ])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "utterances: %d" % sum(len(b[1]) for b in batches)}

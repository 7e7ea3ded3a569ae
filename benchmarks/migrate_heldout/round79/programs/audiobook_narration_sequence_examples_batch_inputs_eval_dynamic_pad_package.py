"""Audiobook narration clips as SequenceExamples (speaker / text_length / speech_length context, stft / mel /
text feature lists) read by a Tacotron-style `data_input` module: `read_sequence_example(filename_queue, r)`
merges context into the feature dict and reshapes the frames, `batch_inputs(..., train=False)` batches the dict
with `dynamic_pad=True, allow_smaller_final_batch=True` (the bucketing branch is the training one, not run
here); `load_meta` unpickles the character vocabulary."""
import os
import pickle as pkl

import numpy as np
import tensorflow.compat.v1 as tf

from audiobook79 import data_input

VOCAB = '_ abcdefghijklmnopqrstuvwxyz'
LINES = ['call me ishmael', 'it was a dark night', 'once upon a time', 'the end', 'chapter one',
         'all happy families', 'he was an old man']


def _write(d):
    rng = np.random.RandomState(79)
    with open(os.path.join(d, 'meta.pkl'), 'wb') as f:
        pkl.dump({'vocab': VOCAB, 'r': 1}, f)
    with tf.python_io.TFRecordWriter(os.path.join(d, 'train.proto')) as w:
        for i, line in enumerate(LINES):
            n = int(rng.randint(2, 6))
            ex = tf.train.SequenceExample()
            ex.context.feature['speech_length'].int64_list.value.append(n)
            ex.context.feature['text_length'].int64_list.value.append(len(line))
            ex.context.feature['speaker'].int64_list.value.append(i % 3)
            # frames are stored flat, one value per feature, and reshaped by the reader
            for v in np.round(rng.rand(n * data_input.STFT_DIM), 3):
                ex.feature_lists.feature_list['stft'].feature.add().float_list.value.append(v)
            for v in np.round(rng.rand(n * data_input.MEL_DIM), 3):
                ex.feature_lists.feature_list['mel'].feature.add().float_list.value.append(v)
            for ch in line:
                ex.feature_lists.feature_list['text'].feature.add().int64_list.value.append(VOCAB.index(ch))
            w.write(ex.SerializeToString())


def main(data_dir):
    d = os.path.join(data_dir, 'h79_audiobook')
    os.makedirs(d, exist_ok=True)
    _write(d)

    meta = data_input.load_meta(d)
    filename_queue = tf.train.string_input_producer([d + '/train.proto'], num_epochs=1)
    batches = data_input.batch_inputs(filename_queue, batch_size=3, r=meta['r'], train=False)

    out = []
    with tf.Session() as sess:
        tf.global_variables_initializer().run()
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(20):
                b = sess.run(batches)
                texts = [''.join(meta['vocab'][c] for c in row[:n]) for row, n in zip(b['text'], b['text_length'])]
                out.append([b['speaker'].tolist(), texts, b['speech_length'].tolist(),
                            np.round(b['mel'].astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "narration clips: %d" % sum(len(b[0]) for b in out)}

"""Ventriloquist act lines (script token ids, spectrogram and mel frames of varying length, the performer) as
SequenceExamples, read by ``ventriloquist80.data_input.batch_inputs(filename_queue, batch_size, train=False)``:
a dict ``train.batch`` with ``dynamic_pad`` and a smaller final batch, until the one-epoch producer ends; tokens
are turned back into words with ``load_vocab()``."""
import os
import pickle

import numpy as np
import tensorflow.compat.v1 as tf

from ventriloquist80 import data_input

WORDS = ['<pad>', 'hello', 'there', 'dummy', 'says', 'gottle', 'of', 'geer']


def _write(folder):
    with open(os.path.join(folder, 'vocab.pkl'), 'wb') as f:
        pickle.dump(WORDS, f)
    rng = np.random.RandomState(21)
    with tf.python_io.TFRecordWriter(os.path.join(folder, 'train.proto')) as w:
        for i in range(7):
            n_text = rng.randint(2, 5)
            n_frames = rng.randint(2, 5)
            text = rng.randint(1, len(WORDS), size=n_text)
            stft = np.round(rng.uniform(0, 1, size=(n_frames, data_input.STFT_BINS)), 2)
            mel = np.round(rng.uniform(0, 1, size=(n_frames, data_input.MEL_BINS)), 2)
            ex = tf.train.SequenceExample()
            ex.context.feature['speech_length'].int64_list.value.append(n_frames)
            ex.context.feature['text_length'].int64_list.value.append(n_text)
            ex.context.feature['speaker'].int64_list.value.append(i % 3)
            for v in stft.reshape(-1):
                ex.feature_lists.feature_list['stft'].feature.add().float_list.value.append(float(v))
            for v in mel.reshape(-1):
                ex.feature_lists.feature_list['mel'].feature.add().float_list.value.append(float(v))
            for t in text:
                ex.feature_lists.feature_list['text'].feature.add().int64_list.value.append(int(t))
            w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_ventriloquist')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    ivocab = data_input.load_vocab(os.path.join(folder, 'vocab.pkl'))
    filename_queue = tf.train.string_input_producer([os.path.join(folder, 'train.proto')], num_epochs=1)
    batches_op = data_input.batch_inputs(filename_queue, batch_size=3, train=False)

    batches = []
    with tf.Session() as sess:
        tf.global_variables_initializer().run()
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(20):
                b = sess.run(batches_op)
                words = [' '.join(ivocab[t] for t in row[:n]) for row, n in zip(b['text'], b['text_length'])]
                batches.append([words, b['text'].tolist(), b['speaker'].tolist(), b['speech_length'].tolist(),
                                np.round(b['mel'], 2).tolist(), np.round(b['stft'].sum(axis=2), 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d" % sum(len(b[0]) for b in batches)}

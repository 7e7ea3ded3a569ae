"""Speech recognition reader: a CSV manifest (`path,speaker`, header line) written under
`data_dir/h14_speech_manifest_py_func/` beside raw 16-bit PCM utterances; `TextLineReader(skip_header_lines=1)`,
`decode_csv`, then a **`tf.py_func` decode step** (numpy reads the audio file and frames it) with `set_shape`,
and `tf.train.batch(dynamic_pad=True)` for the variable-length features."""

import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

FRAME = 2


def _write_corpus(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    manifest = os.path.join(out_dir, 'manifest.csv')
    with open(manifest, 'w') as m:
        m.write('path,speaker\n')
        for u in range(10):
            path = os.path.join(out_dir, 'utt-%02d.pcm' % u)
            samples = [((u * 7 + t * 3) % 41) - 20 for t in range(6 + (u * 5) % 9)]
            with open(path, 'wb') as f:
                f.write(struct.pack('<%dh' % len(samples), *samples))
            m.write('%s,%d\n' % (path, u % 3))
    return manifest


def _load_features(path):
    samples = np.fromfile(path.decode('utf-8'), dtype='<i2').astype(np.float32)
    n = len(samples) // FRAME
    frames = samples[:n * FRAME].reshape(n, FRAME)
    return frames.mean(axis=1).astype(np.float32), np.int32(n)


def read_utterance(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    path, speaker = tf.decode_csv(line, record_defaults=[[''], [0]])
    features, num_frames = tf.py_func(_load_features, [path], [tf.float32, tf.int32], stateful=False)
    features.set_shape([None])
    num_frames.set_shape([])
    return features, num_frames, speaker


def main(data_dir):
    manifest = _write_corpus(os.path.join(data_dir, 'h14_speech_manifest_py_func'))
    filename_queue = tf.train.string_input_producer([manifest], num_epochs=1, shuffle=False)
    features, num_frames, speaker = read_utterance(filename_queue)
    feature_batch, length_batch, speaker_batch = tf.train.batch(
        [features, num_frames, speaker], batch_size=3, dynamic_pad=True, allow_smaller_final_batch=True)

    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, n, s = sess.run([feature_batch, length_batch, speaker_batch])
                batches.append([f.tolist(), n.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

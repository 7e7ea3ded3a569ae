"""Courtroom hearing audio: WaveNet's AudioReader (wav files -> placeholder -> PaddingFIFOQueue from
a Python thread, pieces of receptive_field + sample_size, speaker ids for global conditioning),
wrapped by a GanAudioReader that starts the runners and the thread (package)."""
import argparse
import os
import wave

import numpy as np
import tensorflow as tf

from audio51_lib.gan_audio_reader import GanAudioReader

tf1 = tf.compat.v1


def _write_wavs(root):
    rng = np.random.RandomState(12)
    # h<speaker>_<recording>.wav: 1 = judge, 2 = counsel, 3 = witness
    for speaker, rec, n in ((1, 1, 9), (2, 1, 6), (3, 1, 11), (1, 2, 4)):
        samples = (rng.uniform(-0.5, 0.5, size=n) * 32767).astype('<i2')
        w = wave.open(os.path.join(root, 'h%d_%03d.wav' % (speaker, rec)), 'wb')
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(samples.tobytes())
        w.close()


def get_arguments(argv):
    parser = argparse.ArgumentParser(description='WaveNet-GAN courtroom audio')
    parser.add_argument('--audio_dir', type=str, default='./hearings')
    parser.add_argument('--sample_rate', type=int, default=8000)
    parser.add_argument('--sample_size', type=int, default=4)
    parser.add_argument('--batch_size', type=int, default=1)
    parser.add_argument('--gc_enabled', type=bool, default=True)
    parser.add_argument('--silence_threshold', type=float, default=None)
    return parser.parse_args(argv)


def main(data_dir):
    root = os.path.join(data_dir, 'h51_hearing_audio')
    if not os.path.isdir(root):
        os.makedirs(root)
    _write_wavs(root)
    args = get_arguments(['--audio_dir', root])

    sess = tf1.Session()
    reader = GanAudioReader(args, sess, receptive_field=2)
    batches = []
    try:
        while True:
            audio, gc = reader.get_batch()
            batches.append([[int(a.shape[0]) for a in audio],
                            np.round(audio[:, :, 0].astype(np.float64), 4).tolist(),
                            gc.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    reader.done()
    sess.close()
    return {"batches": batches,
            "end": "pieces: %d, speakers: %d" % (len(batches),
                                                 reader.audio_reader.gc_category_cardinality)}

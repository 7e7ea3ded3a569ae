"""Simple speech recognition to spot a limited number of keywords (input part)."""
import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf

from speech31_lib import input_data
from speech31_lib import models


class FLAGS(object):
    wanted_words = 'yes,no'
    sample_rate = 8000
    clip_duration_ms = 8
    window_size_ms = 4.0
    window_stride_ms = 2.0
    dct_coefficient_count = 4
    validation_percentage = 0
    testing_percentage = 0
    batch_size = 3


def write_wavs(root):
    rng = np.random.RandomState(1234)
    for word in ['yes', 'no', 'up']:
        os.makedirs(os.path.join(root, word), exist_ok=True)
        for k in range(3 if word != 'up' else 2):
            freq = rng.randint(200, 1500)
            t = np.arange(64) / 8000.0
            samples = (8000 * np.sin(2 * np.pi * freq * t) + rng.randint(-500, 500, size=64)).astype(np.int16)
            path = os.path.join(root, word, '%08x_nohash_%d.wav' % (rng.randint(0, 2 ** 31), k))
            w = wave.open(path, 'wb')
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(8000)
            w.writeframes(samples.tobytes())
            w.close()


def main(data_dir):
    root = os.path.join(data_dir, 'h31_speech_commands')
    os.makedirs(root, exist_ok=True)
    write_wavs(root)

    model_settings = models.prepare_model_settings(
        len(input_data.prepare_words_list(FLAGS.wanted_words.split(','))),
        FLAGS.sample_rate, FLAGS.clip_duration_ms, FLAGS.window_size_ms,
        FLAGS.window_stride_ms, FLAGS.dct_coefficient_count)
    audio_processor = input_data.AudioProcessor(root, FLAGS.wanted_words.split(','),
                                                FLAGS.validation_percentage, FLAGS.testing_percentage,
                                                model_settings)
    fingerprints, ground_truth, names = audio_processor.prepare_processing_graph('training', FLAGS.batch_size)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, g, n = sess.run([fingerprints, ground_truth, names])
                batches.append({'fingerprint': np.round(f.astype(np.float64), 3).tolist(), 'label': g.tolist(),
                                'file': [os.path.basename(x.decode()) for x in n]})
        except tf.errors.OutOfRangeError:
            end = 'processed %d of %d clips' % (sum(len(b['label']) for b in batches),
                                                audio_processor.set_size('training'))
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

"""Myo armband EMG: one CSV per recording (timestamp, three EMG channels, gesture id).

A window is simply what one read_up_to call hands back: WINDOW consecutive samples of one
recording (the recordings are cut to a multiple of WINDOW samples when they are exported).
"""
import os

import numpy as np
import tensorflow as tf

tfc = tf.compat.v1

WINDOW = 4
CHANNELS = 3
GESTURES = ['rest', 'fist', 'wave_in']


class EmgReader(object):
    """Reads windows of EMG samples from a queue of recording files."""

    def __init__(self, window=WINDOW, channels=CHANNELS, skip_header_lines=1):
        self.window = window
        self.channels = channels
        self._reader = tfc.TextLineReader(skip_header_lines=skip_header_lines, name='emg_reader')

    @property
    def record_defaults(self):
        return [[0]] + [[0.0] for _ in range(self.channels)] + [[0]]

    def read(self, filename_queue):
        keys, lines = self._reader.read_up_to(filename_queue, self.window)
        columns = tfc.decode_csv(lines, record_defaults=self.record_defaults)
        timestamps = columns[0]
        emg = tf.stack(columns[1:1 + self.channels], axis=1)       # [window, channels]
        gesture = columns[-1][0]
        emg.set_shape([self.window, self.channels])
        return keys[0], timestamps[0], emg, gesture


def make_batch(filenames, batch_size, num_epochs=1):
    with tfc.name_scope('emg_input'):
        filename_queue = tfc.train.string_input_producer(filenames, num_epochs=num_epochs,
                                                         shuffle=True, seed=67)
        key, start, emg, gesture = EmgReader().read(filename_queue)
        # rectify and scale like the armband's SDK does for its "EMG envelope"
        envelope = tf.abs(emg) / 128.0
        return tfc.train.shuffle_batch([start, envelope, gesture], batch_size=batch_size,
                                       capacity=20, min_after_dequeue=2, num_threads=2, seed=67)


def export_recordings(folder):
    rng = np.random.RandomState(67)
    files = []
    for g, name in enumerate(GESTURES):
        path = os.path.join(folder, 'subject01_%s.csv' % name)
        with open(path, 'w') as f:
            f.write('timestamp,emg1,emg2,emg3,gesture\n')
            for t in range(2 * WINDOW):
                amp = [5, 90, 40][g]
                vals = rng.randint(-amp, amp + 1, size=CHANNELS)
                f.write('%d,%s,%d\n' % (1000 * g + t * 5, ','.join(str(v) for v in vals), g))
        files.append(path)
    return files


def main(data_dir):
    folder = os.path.join(data_dir, 'h67_myo')
    os.makedirs(folder, exist_ok=True)
    files = export_recordings(folder)

    starts, envelopes, gestures = make_batch(files, batch_size=2)
    mean_activation = tf.reduce_mean(envelopes, axis=[1, 2])

    batches = []
    with tfc.train.MonitoredSession() as sess:
        while not sess.should_stop():
            s, e, g, m = sess.run([starts, envelopes, gestures, mean_activation])
            batches.append([s.tolist(), np.round(e, 4).tolist(), g.tolist(), np.round(m, 4).tolist()])
    return {'batches': batches, 'end': {'windows': sum(len(b[0]) for b in batches)}}

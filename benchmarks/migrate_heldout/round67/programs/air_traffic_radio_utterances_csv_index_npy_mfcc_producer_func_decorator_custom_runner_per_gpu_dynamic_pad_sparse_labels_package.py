"""Air-traffic-control radio calls (tower / pilot readbacks) for a CTC speech recogniser.

process_input() turns each category's recordings into an index CSV and per-utterance .npy
features; get_batches() reads them back through a producer_func queue into per-GPU batches.
"""
import os
import wave
import struct

import numpy as np
import tensorflow as tf

from atc67_lib import data_loader

tf1 = tf.compat.v1

CALLS = ['climb flight level one two zero', 'hold short runway two seven', 'cleared to land',
         'contact ground', 'line up and wait', 'descend four thousand', 'squawk seven',
         'say again', 'roger', 'wilco', 'go around', 'taxi via alpha']


def record_calls(folder):
    rng = np.random.RandomState(67)
    os.makedirs(folder, exist_ok=True)
    for k, text in enumerate(CALLS):
        n = 24 + 8 * (len(text) % 5)
        sig = np.sin(np.arange(n) * (0.2 + 0.05 * k)) * 9000 + rng.randint(-500, 500, n) + 1000
        name = 'call_%02d' % k
        with wave.open(os.path.join(folder, name + '.wav'), 'wb') as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(8000)
            w.writeframes(b''.join(struct.pack('<h', int(s)) for s in sig))
        with open(os.path.join(folder, name + '.txt'), 'w') as f:
            f.write(text + '\n')


def main(data_dir):
    parent = os.path.join(data_dir, 'h67_atc')
    data_loader.PARENT_PATH = parent
    record_calls(os.path.join(parent, 'valid'))
    data_loader.process_input('valid')

    wave_list, label_list, seq_len_list = data_loader.get_batches('valid', batch_size=3, num_gpu=1,
                                                                  num_threads=1, shuffle=False)

    batches = []
    sess = tf1.Session()
    sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            waves, labels, seq_len = sess.run([wave_list[0], label_list[0], seq_len_list[0]])
            label_rows = [[] for _ in range(waves.shape[0])]
            for (r, _), v in zip(labels.indices, labels.values):
                label_rows[r].append(int(v))
            batches.append([np.round(waves, 3).tolist(), label_rows, seq_len.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': {'utterances': sum(len(b[2]) for b in batches)}}

# Playing with tfRecord files: NSynth-style notes, every feature listed up front,
# read back through a filename queue and batched.

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

AUDIO_LEN = 8
QUALITIES = 3
NUM_NOTES = 10
BATCH = 5

feature_list = {'note': tf.FixedLenFeature(shape=[], dtype=tf.int64),
                'note_str': tf.FixedLenFeature(shape=[], dtype=tf.string),
                'instrument': tf.FixedLenFeature(shape=[], dtype=tf.int64),
                'instrument_str': tf.FixedLenFeature(shape=[], dtype=tf.string),
                'pitch': tf.FixedLenFeature(shape=[], dtype=tf.int64),
                'velocity': tf.FixedLenFeature(shape=[], dtype=tf.int64),
                'sample_rate': tf.FixedLenFeature(shape=[], dtype=tf.int64),
                'audio': tf.FixedLenFeature(shape=[AUDIO_LEN], dtype=tf.float32),
                'qualities': tf.FixedLenFeature(shape=[QUALITIES], dtype=tf.int64),
                'instrument_family': tf.FixedLenFeature(shape=[], dtype=tf.int64),
                'instrument_family_str': tf.FixedLenFeature(shape=[], dtype=tf.string)}

FAMILIES = ['bass', 'brass', 'flute', 'guitar', 'keyboard']


def write_notes(path):
    rng = np.random.RandomState(39)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(NUM_NOTES):
            family = i % len(FAMILIES)
            instrument = 100 + i // 2
            pitch = 40 + 3 * i
            velocity = [25, 50, 75, 100, 127][i % 5]
            name = '%s_acoustic_%03d-%03d-%03d' % (FAMILIES[family], instrument, pitch, velocity)

            def i64(v):
                return tf.train.Feature(int64_list=tf.train.Int64List(value=v))

            def b(v):
                return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v.encode('utf-8')]))

            ex = tf.train.Example(features=tf.train.Features(feature={
                'note': i64([i]),
                'note_str': b(name),
                'instrument': i64([instrument]),
                'instrument_str': b('%s_acoustic_%03d' % (FAMILIES[family], instrument)),
                'pitch': i64([pitch]),
                'velocity': i64([velocity]),
                'sample_rate': i64([16000]),
                'audio': tf.train.Feature(float_list=tf.train.FloatList(
                    value=np.round(rng.uniform(-1, 1, AUDIO_LEN), 3).tolist())),
                'qualities': i64(rng.randint(0, 2, QUALITIES).tolist()),
                'instrument_family': i64([family]),
                'instrument_family_str': b(FAMILIES[family]),
            }))
            writer.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_nsynth_notes')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    tfrecordname = os.path.join(folder, 'nsynth-test.tfrecord')
    write_notes(tfrecordname)

    # Import training data, read all examples, extract features
    filename_queue = tf.train.string_input_producer([tfrecordname], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, feature_list)

    note_str = features['note_str']
    pitch = features['pitch']
    velocity = tf.cast(features['velocity'], tf.float32) / 127.0
    audio = features['audio']
    qualities = features['qualities']
    family = features['instrument_family_str']

    batch = tf.train.batch([note_str, pitch, velocity, audio, qualities, family], batch_size=BATCH)

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(NUM_NOTES // BATCH):
            n, p, v, a, q, f = sess.run(batch)
            out.append([[x.decode('utf-8') for x in n], p.tolist(), v.tolist(), a.tolist(), q.tolist(),
                        [x.decode('utf-8') for x in f]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "notes: %d" % sum(len(b[0]) for b in out)}

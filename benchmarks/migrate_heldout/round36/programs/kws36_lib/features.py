"""Keyword-spotting clips: int16 samples as fixed-length records, label byte first."""
import os

import numpy as np
import tensorflow as tf

SAMPLES = 8
LABEL_BYTES = 1
WORDS = ["yes", "no", "up", "down"]


def write_clips(out_dir, speaker, count, seed):
    rs = np.random.RandomState(seed)
    path = os.path.join(out_dir, "speaker_%s.bin" % speaker)
    with open(path, "wb") as f:
        for _ in range(count):
            f.write(np.uint8(rs.randint(0, len(WORDS))).tobytes())
            f.write(rs.randint(-2000, 2000, SAMPLES).astype("<i2").tobytes())
    return path


def read_clip(filename_queue):
    record_bytes = LABEL_BYTES + SAMPLES * 2
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=record_bytes)
    key, value = reader.read(filename_queue)
    raw = tf.compat.v1.decode_raw(value, tf.uint8)
    label = tf.cast(raw[0], tf.int32)
    samples = tf.compat.v1.decode_raw(tf.compat.v1.substr(value, LABEL_BYTES, SAMPLES * 2), tf.int16)
    samples.set_shape([SAMPLES])
    wav = tf.cast(samples, tf.float32) / 32768.0
    energy = tf.reduce_sum(tf.square(wav))
    return [wav, energy, label]

"""Bearing vibration: int16 accelerometer samples after an 8-byte file header, read as overlapping windows of
eight samples with a hop of four (FixedLengthRecordReader's hop_bytes), RMS and peak per window."""

import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

HEADER_BYTES = 8
WINDOW = 8
HOP = 4
SAMPLE_BYTES = 2


def write_recordings(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for k in range(2):
        path = os.path.join(folder, "bearing_%d.raw" % k)
        samples = [int(300 * np.sin(i * 0.7 + k)) + (i % 5) * 11 for i in range(28 + 8 * k)]
        with open(path, "wb") as f:
            f.write(b"VIB1" + struct.pack("<I", len(samples)))
            f.write(struct.pack("<%dh" % len(samples), *samples))
        paths.append(path)
    return paths


def read_window(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=WINDOW * SAMPLE_BYTES, header_bytes=HEADER_BYTES,
                                        hop_bytes=HOP * SAMPLE_BYTES)
    key, value = reader.read(filename_queue)
    samples = tf.cast(tf.decode_raw(value, tf.int16), tf.float32)
    samples.set_shape([WINDOW])
    rms = tf.sqrt(tf.reduce_mean(tf.square(samples)))
    peak = tf.reduce_max(tf.abs(samples))
    return key, samples, rms, peak


def main(data_dir):
    files = write_recordings(os.path.join(data_dir, "h20_vibration"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    key, samples, rms, peak = read_window(queue)
    bearing = tf.strings.regex_replace(key, r"^.*bearing_(\d)\.raw:.*$", r"\1")
    batch = tf.train.batch([bearing, samples, rms, peak], batch_size=3, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b, s, r, p = sess.run(batch)
                batches.append([[x.decode() for x in b], s.astype(int).tolist(),
                                [round(float(x), 3) for x in r], p.astype(int).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}

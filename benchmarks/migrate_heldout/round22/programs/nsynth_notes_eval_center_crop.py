"""NSynth evaluation input: a one-path `input_producer` in a dataset object, a Python `if self.is_training` choosing
the crop and the batcher (4 threads), `tf.squeeze` of the labels, and mu-law quantisation applied to the batch
in another module."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from nsynth_lib import reader
from nsynth_lib import utils

FAMILIES = ["bass", "brass", "flute", "guitar", "keyboard"]


def write_notes(path, count=20):
    with tf.python_io.TFRecordWriter(path) as writer:
        for n in range(count):
            family = FAMILIES[n % len(FAMILIES)]
            pitch = 40 + n
            audio = [float(np.sin(0.3 * (n + 1) * t) * (0.9 ** t)) for t in range(16)]
            feature = {
                "note_str": tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[("%s_acoustic_%03d-%03d-100" % (family, n, pitch)).encode()])),
                "pitch": tf.train.Feature(int64_list=tf.train.Int64List(value=[pitch])),
                "velocity": tf.train.Feature(int64_list=tf.train.Int64List(value=[100])),
                "audio": tf.train.Feature(float_list=tf.train.FloatList(value=audio)),
                "instrument_family": tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 5])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def main(data_dir):
    out = os.path.join(data_dir, "h22_nsynth_notes_eval_center_crop")
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, "nsynth-valid.tfrecord")
    write_notes(path)

    batch_size = 5
    dataset = reader.NSynthDataset(path, is_training=False, num_epochs=1)
    inputs_dict = dataset.get_wavenet_batch(batch_size, length=12)
    x = inputs_dict["wav"]
    x_quantized = utils.mu_law(x)
    x_scaled = tf.cast(x_quantized, tf.float32) / 128.0

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                keys, pitches, quantized, scaled = sess.run(
                    [inputs_dict["key"], inputs_dict["pitch"], x_quantized, x_scaled])
                batches.append([[k.decode() for k in keys], pitches.tolist(), quantized.tolist(), scaled.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": len(batches)}

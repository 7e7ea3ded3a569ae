"""Tacotron-style TTS training input on an LJSpeech-like corpus: `DataFeeder(threading.Thread)` (package
`tacotron_lib`) reads `train.txt` metadata, loads `.npy` mel targets, sorts a group of examples by length,
pads whole batches in numpy and enqueues them through placeholders into a FIFOQueue of batches; the model reads
`feeder.inputs` etc. (one `dequeue()` is one batch); a fixed number of steps, then the coordinator stops and
the session closes with the feeder still blocked on the queue."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

from tacotron_lib.datafeeder import DataFeeder
from tacotron_lib.hparams import hparams

NUM_STEPS = 7

TEXTS = [
    "Printing, in the only sense with which we are at present concerned,",
    "differs from most if not from all the arts and crafts",
    "represented in the Exhibition",
    "in being comparatively modern.",
    "For although the Chinese took impressions from wood blocks",
    "the invention of movable metal letters",
    "produced the block books,",
    "which were the immediate predecessors",
]


def write_corpus(data_dir):
    folder = os.path.join(data_dir, "h21_ljspeech", "training")
    os.makedirs(folder, exist_ok=True)
    lines = []
    for i, text in enumerate(TEXTS):
        frames = 3 + len(text) // 9
        mel = np.array([[((i + 1) * (f + 1) * (m + 2)) % 17 / 17.0 for m in range(hparams.num_mels)]
                        for f in range(frames)], dtype=np.float32)
        mel_name = "ljspeech-mel-%05d.npy" % (i + 1)
        np.save(os.path.join(folder, mel_name), mel, allow_pickle=False)
        lines.append("ljspeech-spec-%05d.npy|%s|%d|%s" % (i + 1, mel_name, frames, text))
    metadata = os.path.join(folder, "train.txt")
    with open(metadata, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return metadata


def main(data_dir):
    metadata = write_corpus(data_dir)

    # Set up DataFeeder:
    coord = tf.train.Coordinator()
    with tf.variable_scope('datafeeder') as scope:
        feeder = DataFeeder(coord, metadata, hparams)

    # Set up model:
    with tf.variable_scope('model') as scope:
        embedding_table = tf.get_variable('embedding', [40, 2], dtype=tf.float32,
                                          initializer=tf.constant_initializer(0.1))
        embedded_inputs = tf.nn.embedding_lookup(embedding_table, feeder.inputs)
        mel_frames = tf.shape(feeder.mel_targets)[1]
        mel_energy = tf.reduce_sum(feeder.mel_targets, axis=[1, 2])

    batches = []
    with tf.Session() as sess:
        try:
            sess.run(tf.global_variables_initializer())
            feeder.start_in_session(sess)

            for step in range(NUM_STEPS):
                if coord.should_stop():
                    break
                inputs, lengths, frames, energy, emb = sess.run(
                    [feeder.inputs, feeder.input_lengths, mel_frames, mel_energy, embedded_inputs])
                batches.append([inputs.tolist(), lengths.tolist(), [int(frames)] * len(lengths),
                                [round(float(e), 4) for e in energy]])
        except Exception as e:
            print('Exiting due to exception: %s' % e)
            coord.request_stop(e)
        finally:
            coord.request_stop()
    feeder.join(10)
    return {"batches": batches, "end": [len(batches), feeder.is_alive()]}

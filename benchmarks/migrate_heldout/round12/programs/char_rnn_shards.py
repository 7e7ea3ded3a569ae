"""Char-RNN training script (the char-rnn-tensorflow family): hyper-parameters on a config object, the reader
in charrnn_lib, a Supervisor-managed session that trains until the shards are read twice."""

import os

import tensorflow.compat.v1 as tf

from charrnn_lib import reader

TEXT = ("the quick brown fox jumps over the lazy dog while seven wizards box and judge "
        "pack my box with five dozen liquor jugs now ")


class HParams(object):
    seq_length = 24
    batch_size = 16
    num_epochs = 2
    num_shards = 4
    lines_per_shard = 30


def write_shards(data_dir, hparams):
    folder = os.path.join(data_dir, "h12_char_rnn_shards")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    shards = []
    pos = 0
    for s in range(hparams.num_shards):
        path = os.path.join(folder, "input-%05d-of-%05d.txt" % (s, hparams.num_shards))
        with open(path, "w") as f:
            for _ in range(hparams.lines_per_shard):
                chunk = (TEXT * 3)[pos % len(TEXT):pos % len(TEXT) + hparams.seq_length + 1]
                f.write(chunk + "\n")
                pos += 7
        shards.append(path)
    return shards


def main(data_dir):
    hparams = HParams()
    shards = write_shards(data_dir, hparams)
    with tf.name_scope("train_input"):
        inputs, targets = reader.char_batches(shards, hparams)
    embedding = tf.one_hot(inputs, 128)
    logits_proxy = tf.reduce_sum(embedding * tf.one_hot(targets, 128), axis=[1, 2])

    batches = []
    end = None
    sv = tf.train.Supervisor(logdir=None, save_summaries_secs=0, save_model_secs=0)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                x, y, match = sess.run([inputs, targets, logits_proxy])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([x.tolist(), y.tolist(), match.tolist()])
    return {"batches": batches, "end": end}

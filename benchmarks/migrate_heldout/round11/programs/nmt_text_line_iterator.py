"""NMT-style source/target text reader (before tf.data): two line readers in lock step over parallel files,
tokenised with string_split, long pairs dropped with maybe_batch, batches padded dynamically; hparams as a
namedtuple; a MonitoredSession runs until the input ends."""

import collections
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

HParams = collections.namedtuple(
    "HParams", ["src_file", "tgt_file", "batch_size", "src_max_len", "tgt_max_len", "num_epochs"])

BatchedInput = collections.namedtuple(
    "BatchedInput", ["source", "target_input", "source_sequence_length", "target_sequence_length"])


def write_corpus(data_dir):
    folder = os.path.join(data_dir, "h11_nmt_text_line_iterator")
    os.makedirs(folder, exist_ok=True)
    src_path, tgt_path = os.path.join(folder, "train.src"), os.path.join(folder, "train.tgt")
    with open(src_path, "w") as src, open(tgt_path, "w") as tgt:
        for i in range(240):
            n = i % 9 + 1
            src.write(" ".join(str(i * 10 + k) for k in range(n)) + "\n")
            tgt.write(" ".join(str(i + k) for k in range(n % 5 + 1)) + "\n")
    return src_path, tgt_path


def _line_reader(path, num_epochs, name):
    filename_queue = train.string_input_producer([path], num_epochs=num_epochs, shuffle=False, name=name)
    reader = tf.TextLineReader(name=name + "_reader")
    _, line = reader.read(filename_queue)
    return line


def _to_ids(line):
    tokens = tf.string_split([line], delimiter=" ").values
    return tf.string_to_number(tokens, out_type=tf.int32)


def get_iterator(hparams):
    src_line = _line_reader(hparams.src_file, hparams.num_epochs, "src")
    tgt_line = _line_reader(hparams.tgt_file, hparams.num_epochs, "tgt")
    src = _to_ids(src_line)
    tgt = _to_ids(tgt_line)
    tgt_in = tf.concat([[1], tgt], 0)  # <s> id 1
    src_len, tgt_len = tf.size(src), tf.size(tgt_in)
    keep = tf.logical_and(src_len <= hparams.src_max_len, tgt_len <= hparams.tgt_max_len)
    source, target_input, source_len, target_len = train.maybe_batch(
        [src, tgt_in, src_len, tgt_len], keep_input=keep, batch_size=hparams.batch_size,
        num_threads=1, capacity=64, dynamic_pad=True, allow_smaller_final_batch=True)
    return BatchedInput(source=source, target_input=target_input,
                        source_sequence_length=source_len, target_sequence_length=target_len)


def main(data_dir):
    src_file, tgt_file = write_corpus(data_dir)
    hparams = HParams(src_file=src_file, tgt_file=tgt_file, batch_size=12, src_max_len=7, tgt_max_len=5,
                      num_epochs=1)
    iterator = get_iterator(hparams)
    batches = []
    end = "running"
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            out = sess.run(iterator)
            batches.append([out.source.tolist(), out.target_input.tolist(),
                            out.source_sequence_length.tolist(), out.target_sequence_length.tolist()])
        end = "should_stop"
    if end == "running":
        end = "input_exhausted"
    return {"batches": batches, "end": end}

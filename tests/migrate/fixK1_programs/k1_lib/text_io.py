"""Parallel text read in lock-step by a library module: a source helper, a wrapper reading its options from
``**kwargs`` and handing the reader class on, and a batching function, all here."""
import os

import tensorflow.compat.v1 as tf


def write_lines(folder, name, lines):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _side(data_sources, reader_class, num_epochs, shuffle, seed):
    filename_queue = tf.train.string_input_producer(
        data_sources, num_epochs=num_epochs, shuffle=shuffle, seed=seed)
    _, value = reader_class().read(filename_queue)
    return value


def make_parallel(sources, targets, reader=tf.TextLineReader, delimiter=" ", **kwargs):
    shuffle = kwargs.get("shuffle", True)
    num_epochs = kwargs.get("num_epochs", None)
    seed = kwargs.get("seed", None)
    source = _side(sources, reader, num_epochs, shuffle, seed)
    target = _side(targets, reader, num_epochs, shuffle, seed)
    src_tokens = tf.string_split([source], delimiter=delimiter).values
    tgt_tokens = tf.concat([["START"], tf.string_split([target], delimiter=delimiter).values], 0)
    items = {"src": src_tokens, "src_len": tf.size(src_tokens), "tgt": tgt_tokens, "tgt_len": tf.size(tgt_tokens)}
    return items


def batched_pairs(sources, targets, batch_size):
    items = make_parallel(sources, targets, shuffle=False, num_epochs=1)
    batch = tf.train.batch(items, batch_size=batch_size, dynamic_pad=True, allow_smaller_final_batch=True,
                           capacity=100)
    return batch


"""Vocabulary files (one token a line, <unk> first) and their lookup tables."""
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import lookup_ops


def write_vocab(path, tokens):
    with open(path, "w") as f:
        f.write("<unk>\n")
        for tok in tokens:
            f.write(tok + "\n")
    return path


def file_tables(src_vocab, tgt_vocab):
    src = lookup_ops.index_table_from_file(src_vocab, default_value=0)
    tgt = lookup_ops.index_table_from_file(tgt_vocab, default_value=0)
    return src, tgt


def hash_table(tokens):
    keys = tf.constant(tokens)
    values = tf.range(1, len(tokens) + 1, dtype=tf.int64)
    return tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(keys, values), default_value=0)

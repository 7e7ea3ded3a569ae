"""Vocabulary helpers, as in the NMT tutorial's vocab_utils (a table from a vocab file)."""
import os

import tensorflow as tf

UNK_ID = 0
EOS = "</s>"


def write_vocab(path, words):
    with open(path, "w") as f:
        for w in ["<unk>", EOS] + list(words):
            f.write(w + "\n")


def create_vocab_table(vocab_file):
    init = tf.compat.v1.lookup.TextFileInitializer(
        vocab_file, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE,
        tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
    return tf.compat.v1.lookup.StaticHashTable(init, UNK_ID)


def vocab_path(root, lang):
    return os.path.join(root, "vocab.%s" % lang)

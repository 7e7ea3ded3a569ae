"""Vocabulary helpers (vocab files one token a line, <unk> first)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import lookup_ops

UNK = "<unk>"
UNK_ID = 0


def write_vocab(path, tokens):
    with open(path, "w") as f:
        f.write(UNK + "\n")
        for tok in tokens:
            f.write(tok + "\n")
    return path


def create_vocab_tables(src_vocab_file, tgt_vocab_file):
    src_table = lookup_ops.index_table_from_file(src_vocab_file, default_value=UNK_ID)
    tgt_table = lookup_ops.index_table_from_file(tgt_vocab_file, default_value=UNK_ID)
    return src_table, tgt_table

# -*- coding: utf-8 -*-
"""Vocabulary helpers: one token a line, ids by line number, 0 for padding and 1 for unknown words."""
import io

PAD_ID = 0
UNK_ID = 1
_START_VOCAB = ['<pad>', '<unk>']


def create_vocabulary(vocab_path, data_path, max_size=50):
    counts = {}
    with io.open(data_path, encoding='utf-8') as f:
        for line in f:
            for w in line.split():
                counts[w] = counts.get(w, 0) + 1
    words = _START_VOCAB + sorted(counts, key=lambda w: (-counts[w], w))
    with io.open(vocab_path, 'w', encoding='utf-8') as f:
        for w in words[:max_size]:
            f.write(w + u'\n')


def initialize_vocabulary(vocab_path):
    with io.open(vocab_path, encoding='utf-8') as f:
        rev_vocab = [line.strip() for line in f]
    vocab = dict((w, i) for i, w in enumerate(rev_vocab))
    return vocab, rev_vocab

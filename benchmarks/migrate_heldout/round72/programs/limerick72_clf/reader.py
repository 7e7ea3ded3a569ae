from pathlib import Path
import csv
from operator import itemgetter

import numpy as np
import tensorflow.compat.v1 as tf

from limerick72_clf.config import cfg


class Vocab(object):

    '''Stores the vocab: forward and reverse mappings'''

    def __init__(self, verbose=False):
        self.init_special_tokens()
        self.verbose = verbose

    def init_special_tokens(self):
        self.vocab = ['<pad>', '<sos>', '<eos>', '<unk>']
        self.vocab_lookup = {w: i for i, w in enumerate(self.vocab)}
        self.labels = set([])
        self.unk_index = self.vocab_lookup.get('<unk>')
        self.sos_index = self.vocab_lookup.get('<sos>')
        self.eos_index = self.vocab_lookup.get('<eos>')

    def load_by_csv(self):
        "Load vocabulary from csv files."
        fnames = sorted(Path(cfg.data_path).glob('*.csv'))
        vocab_count = {w: 0 for w in self.vocab}
        for fname in fnames:
            with fname.open('r') as f:
                for row in csv.reader(f):
                    self.labels.add(int(row[0]))
                    for word in row[1].split():
                        vocab_count[word] = vocab_count.get(word, 0) + 1
        self.prune_vocab(vocab_count, cfg.keep_fraction)

    def prune_vocab(self, vocab_count, keep_fraction):
        sorted_word_counts = sorted(vocab_count.items(), key=itemgetter(1, 0), reverse=True)
        seen_count = 0
        total_count = sum(vocab_count.values())
        index = 0
        while seen_count < keep_fraction * total_count:
            seen_count += sorted_word_counts[index][1]
            index += 1
        for word, count in sorted_word_counts[:index]:
            if word not in self.vocab_lookup:
                self.vocab_lookup[word] = len(self.vocab)
                self.vocab.append(word)

    def lookup(self, words):
        return [self.sos_index] + [self.vocab_lookup.get(w, self.unk_index)
                                   for w in words] + [self.eos_index]


class Reader(object):

    def __init__(self, vocab, name='train'):
        self.vocab = vocab
        self.filename = str(Path(cfg.data_path) / (name + '.csv'))

    def _ids(self, line):
        words = line.decode().split()
        return np.array(self.vocab.lookup(words)[:cfg.max_length], dtype=np.int32)

    def read_batches(self, num_epochs=1):
        '''Queue of (ids, length, label) rows, padded per batch'''
        filename_queue = tf.train.string_input_producer([self.filename], num_epochs=num_epochs, shuffle=False)
        reader = tf.TextLineReader()
        _, value = reader.read(filename_queue)
        label, line = tf.decode_csv(value, record_defaults=[[0], ['']])
        ids = tf.py_func(self._ids, [line], tf.int32, stateful=False)
        ids.set_shape([None])
        length = tf.shape(ids)[0]
        return tf.train.batch([ids, length, label], batch_size=cfg.batch_size, dynamic_pad=True)

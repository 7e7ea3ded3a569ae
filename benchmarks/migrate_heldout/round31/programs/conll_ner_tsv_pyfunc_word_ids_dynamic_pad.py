"""Simple named entity recognition: CoNLL sentences to a TSV, word and tag ids by py_func, padded batches."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

TAGS = ['O', 'PER', 'ORG', 'LOC', 'MISC']
UNK = 'UUUNKKK'

SENTENCES = [
    [('EU', 'ORG'), ('rejects', 'O'), ('German', 'MISC'), ('call', 'O'), ('to', 'O'), ('boycott', 'O'),
     ('British', 'MISC'), ('lamb', 'O'), ('.', 'O')],
    [('Peter', 'PER'), ('Blackburn', 'PER')],
    [('BRUSSELS', 'LOC'), ('1996-08-22', 'O')],
    [('The', 'O'), ('European', 'ORG'), ('Commission', 'ORG'), ('said', 'O'), ('on', 'O'), ('Thursday', 'O')],
    [('Germany', 'LOC'), ("'s", 'O'), ('representative', 'O'), ('to', 'O'), ('the', 'O'), ('EU', 'ORG')],
    [('Fischler', 'PER'), ('proposed', 'O'), ('EU-wide', 'MISC'), ('measures', 'O')],
    [('Spanish', 'MISC'), ('Farm', 'O'), ('Minister', 'O'), ('Loyola', 'PER'), ('de', 'PER'), ('Palacio', 'PER')],
]


def write_conll(path):
    with open(path, 'w') as f:
        f.write('-DOCSTART-\tO\n\n')
        for sent in SENTENCES:
            for tok, lbl in sent:
                f.write('%s\t%s\n' % (tok, lbl))
            f.write('\n')


def read_conll_file(fstream):
    ret = []
    current_toks, current_lbls = [], []
    for line in fstream:
        line = line.strip()
        if len(line) == 0 or line.startswith('-DOCSTART-'):
            if len(current_toks) > 0:
                assert len(current_toks) == len(current_lbls)
                ret.append((current_toks, current_lbls))
            current_toks, current_lbls = [], []
        else:
            tok, lbl = line.split('\t')
            current_toks.append(tok)
            current_lbls.append(lbl)
    if len(current_toks) > 0:
        ret.append((current_toks, current_lbls))
    return ret


def build_vocab(examples):
    words = sorted({t.lower() for toks, _ in examples for t in toks})
    tok2id = {w: i + 2 for i, w in enumerate(words)}
    tok2id[UNK] = 1
    return tok2id


class Featurizer(object):
    def __init__(self, tok2id):
        self.tok2id = tok2id

    def words(self, tokens):
        return np.array([self.tok2id.get(t.decode().lower(), 1) for t in tokens], dtype=np.int64)

    def tags(self, labels):
        return np.array([TAGS.index(l.decode()) for l in labels], dtype=np.int64)


def input_pipeline(tsv_path, featurizer, batch_size):
    filename_queue = tf.train.string_input_producer([tsv_path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    tokens, labels = tf.decode_csv(line, record_defaults=[[''], ['']], field_delim='\t')
    words = tf.string_split([tokens], ' ').values
    tags = tf.string_split([labels], ' ').values
    word_ids = tf.py_func(featurizer.words, [words], tf.int64, stateful=False)
    tag_ids = tf.py_func(featurizer.tags, [tags], tf.int64, stateful=False)
    word_ids.set_shape([None])
    tag_ids.set_shape([None])
    length = tf.size(word_ids)
    return tf.train.batch([word_ids, tag_ids, length], batch_size=batch_size, dynamic_pad=True,
                          allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, 'h31_conll_ner')
    os.makedirs(folder, exist_ok=True)
    conll_path = os.path.join(folder, 'train.conll')
    write_conll(conll_path)
    with open(conll_path) as f:
        examples = read_conll_file(f)
    tsv_path = os.path.join(folder, 'train.tsv')
    with open(tsv_path, 'w') as f:
        for toks, lbls in examples:
            f.write('%s\t%s\n' % (' '.join(toks), ' '.join(lbls)))

    featurizer = Featurizer(build_vocab(examples))
    word_batch, tag_batch, length_batch = input_pipeline(tsv_path, featurizer, 3)
    mask = tf.sequence_mask(length_batch)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, t, n, m = sess.run([word_batch, tag_batch, length_batch, mask])
                batches.append({'words': w.tolist(), 'tags': t.tolist(), 'length': n.tolist(),
                                'mask_sum': m.sum(1).tolist()})
        except tf.errors.OutOfRangeError:
            end = 'all %d sentences batched' % len(examples)
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

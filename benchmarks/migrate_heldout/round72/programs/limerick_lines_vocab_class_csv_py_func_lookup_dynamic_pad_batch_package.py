"""Limerick lines: an NLP research reader (config cfg, Vocab pruned by keep_fraction, Reader class) whose
lookup runs in a py_func on TextLineReader lines, padded by batch(dynamic_pad=True)."""
import os

import tensorflow.compat.v1 as tf

from limerick72_clf.config import cfg
from limerick72_clf.reader import Reader, Vocab

LINES = [
    (1, 'there once was a man from peru'),
    (0, 'who dreamed he was eating his shoe'),
    (1, 'he woke with a fright'),
    (0, 'in the middle of the night'),
    (1, 'to find that his dream had come true'),
    (0, 'a man with a beard'),
]


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_limerick')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'train.csv'), 'w') as f:
        for label, line in LINES:
            f.write('%d,%s\n' % (label, line))
    cfg.data_path = folder

    vocab = Vocab()
    vocab.load_by_csv()
    reader = Reader(vocab, 'train')
    sents, lengths, labels = reader.read_batches(num_epochs=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, n, l = sess.run([sents, lengths, labels])
                batches.append([s.tolist(), n.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d, vocab: %d" % (cfg.batch_size * len(batches), len(vocab.vocab))}

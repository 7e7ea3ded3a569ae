"""Expedition notes, Sherpa-style romanised lines and their English glosses: a vocab module and a
data_utils module reading the two files in lock-step (two unshuffled one-epoch producers, two
TextLineReaders), py_func token ids, a one-thread dynamic_pad batch with a smaller final batch."""
import io
import os

import numpy as np
import tensorflow.compat.v1 as tf

from she78 import data_utils, vocab

SRC = [u'tashi delek sahib', u'chomolungma ri chenpo', u'namche bazaar la dro', u'lho la khang',
       u'ri gi tsemo', u'tashi delek', u'khumbu la dro gi']
TGT = [u'greetings sir', u'the great mountain everest', u'go to namche bazaar', u'house to the south',
       u'summit of the mountain', u'greetings', u'we go to khumbu']


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_sherpa')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    paths = {}
    for lang, lines in (('shr', SRC), ('en', TGT)):
        paths[lang] = os.path.join(out_dir, 'train.' + lang)
        with io.open(paths[lang], 'w', encoding='utf-8') as f:
            f.write(u'\n'.join(lines) + u'\n')
        vocab.create_vocabulary(os.path.join(out_dir, 'vocab.' + lang), paths[lang], max_size=12)
    src_vocab, _ = vocab.initialize_vocabulary(os.path.join(out_dir, 'vocab.shr'))
    tgt_vocab, _ = vocab.initialize_vocabulary(os.path.join(out_dir, 'vocab.en'))

    src, src_len, tgt, tgt_len = data_utils.parallel_inputs(paths['shr'], paths['en'], src_vocab, tgt_vocab, 3)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, sl, t, tl = sess.run([src, src_len, tgt, tgt_len])
                batches.append([s.tolist(), sl.tolist(), t.tolist(), tl.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "sentence pairs: %d" % sum(len(b[1]) for b in batches)}

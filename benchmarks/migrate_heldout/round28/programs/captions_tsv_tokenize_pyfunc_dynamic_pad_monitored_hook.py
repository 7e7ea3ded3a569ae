"""Image captioning: caption TSV (image file TAB caption) tokenized by a vocab dict in a py_func,
padded batches, read in a MonitoredTrainingSession with a hook that logs the caption lengths."""
import os

import numpy as np
import tensorflow as tf

tfv1 = tf.compat.v1

CAPTIONS = [
    ('COCO_0001.jpg', 'a man riding a horse'),
    ('COCO_0002.jpg', 'two dogs'),
    ('COCO_0003.jpg', 'a red bus on a street'),
    ('COCO_0004.jpg', 'a cat'),
    ('COCO_0005.jpg', 'people on a beach with a dog'),
    ('COCO_0006.jpg', 'a horse on a street'),
    ('COCO_0007.jpg', 'two men'),
]


def build_vocab(captions, min_count=1):
    counts = {}
    for _, c in captions:
        for w in c.split():
            counts[w] = counts.get(w, 0) + 1
    words = sorted(w for w, n in counts.items() if n >= min_count)
    vocab = {'<S>': 1, '</S>': 2, '<UNK>': 3}
    for w in words:
        vocab[w] = len(vocab) + 1
    return vocab


class Tokenizer(object):
    def __init__(self, vocab):
        self.vocab = vocab

    def __call__(self, caption):
        words = caption.decode('utf-8').lower().split()
        ids = [self.vocab['<S>']] + [self.vocab.get(w, self.vocab['<UNK>']) for w in words] + [self.vocab['</S>']]
        return np.array(ids, dtype=np.int64)


class LengthLoggerHook(tfv1.train.SessionRunHook):
    def __init__(self, lengths):
        self._lengths = lengths
        self.seen = []

    def before_run(self, run_context):
        return tfv1.train.SessionRunArgs(self._lengths)

    def after_run(self, run_context, run_values):
        self.seen.append(run_values.results.tolist())


def caption_inputs(tsv_path, tokenizer, batch_size):
    queue = tfv1.train.string_input_producer([tsv_path], num_epochs=1, shuffle=False)
    _, line = tfv1.TextLineReader().read(queue)
    image_name, caption = tfv1.decode_csv(line, [[''], ['']], field_delim='\t')
    ids = tfv1.py_func(tokenizer, [caption], tf.int64, stateful=False)
    ids.set_shape([None])
    return tfv1.train.batch([image_name, ids, tf.size(ids)], batch_size=batch_size, dynamic_pad=True,
                            allow_smaller_final_batch=True, capacity=20)


def main(data_dir):
    root = os.path.join(data_dir, 'h28_captions_tsv_tokenize_pyfunc_dynamic_pad_monitored_hook')
    os.makedirs(root, exist_ok=True)
    tsv = os.path.join(root, 'captions_train.tsv')
    with open(tsv, 'w') as f:
        f.writelines('%s\t%s\n' % row for row in CAPTIONS)
    names, seqs, lengths = caption_inputs(tsv, Tokenizer(build_vocab(CAPTIONS)), batch_size=3)
    mask = tf.sequence_mask(lengths, tf.shape(seqs)[1])
    hook = LengthLoggerHook(lengths)
    out = []
    with tfv1.train.MonitoredTrainingSession(hooks=[hook], save_checkpoint_secs=None,
                                             save_summaries_steps=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            n, s, m = sess.run([names, seqs, mask])
            out.append([[x.decode() for x in n], s.tolist(), m.sum(axis=1).tolist()])
    return {'batches': out, 'end': 'hook saw %d batches' % len(hook.seen)}

"""Puppet theatre scripts: a cue line and the puppet's reply, one per line in
two parallel files, for a small seq2seq model of the estimator era.

`make_input_fn(mode, filename_in, filename_out, ...)` returns the `input_fn`
the Estimator would call; here the evaluation loop calls it itself.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

GO_TOKEN = 0
END_TOKEN = 1
UNK_TOKEN = 2


class ModeKeys(object):
    TRAIN = 'train'
    EVAL = 'eval'
    INFER = 'infer'


def tokenize_and_map(line, vocab_table, max_length):
    tokens = tf.string_split([line]).values[:max_length]
    ids = tf.cast(vocab_table.lookup(tokens), tf.int32)
    return tf.concat([ids, [END_TOKEN]], axis=0)


def load_vocab(vocab_file):
    with open(vocab_file) as f:
        words = [w.strip() for w in f if w.strip()]
    keys = tf.constant(words)
    values = tf.constant(list(range(3, 3 + len(words))), dtype=tf.int64)
    return tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(keys, values), UNK_TOKEN)


def make_input_fn(mode, filename_in, filename_out, in_vocab_file, out_vocab_file,
                  batch_size, vocab_size, input_max_length, output_max_length,
                  queue_capacity=10000, num_threads=1):
    def input_fn():
        num_epochs = None if mode == ModeKeys.TRAIN else 1
        filename_in_queue = tf.train.string_input_producer(
            [filename_in], num_epochs=num_epochs)
        filename_out_queue = tf.train.string_input_producer(
            [filename_out], num_epochs=num_epochs)
        reader_in = tf.TextLineReader()
        reader_out = tf.TextLineReader()
        tensor_in = reader_in.read(filename_in_queue)[1]
        tensor_out = reader_out.read(filename_out_queue)[1]
        in_vocab = load_vocab(in_vocab_file)
        out_vocab = load_vocab(out_vocab_file)
        input_ids = tokenize_and_map(tensor_in, in_vocab, input_max_length)
        output_ids = tokenize_and_map(tensor_out, out_vocab, output_max_length)
        input_len = tf.shape(input_ids)[0]
        output_len = tf.shape(output_ids)[0]
        batch_in, batch_out, len_in, len_out = tf.train.batch(
            [input_ids, output_ids, input_len, output_len],
            batch_size=batch_size,
            capacity=queue_capacity,
            num_threads=num_threads,
            dynamic_pad=True,
            allow_smaller_final_batch=True)
        features = {'input': batch_in, 'input_len': len_in}
        return features, {'output': batch_out, 'output_len': len_out}
    return input_fn


CUES = ["where is the crocodile", "who stole the sausages", "look behind you",
        "is it time for tea", "can you hear the bell", "where did the baby go",
        "who knocked at the door", "what is in the box", "shall we sing a song",
        "where is the policeman"]
REPLIES = ["he is behind you", "that was the crocodile", "oh no he is not",
           "yes it is", "no i cannot", "the baby went out", "the policeman did",
           "sausages of course", "yes let us sing", "he is asleep"]


def write_scripts(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    files = {}
    for name, lines in [('cues', CUES), ('replies', REPLIES)]:
        path = os.path.join(folder, name + '.txt')
        with open(path, 'w') as f:
            f.write('\n'.join(lines) + '\n')
        words = sorted(set(w for l in lines for w in l.split()))[:20]
        vocab = os.path.join(folder, name + '.vocab')
        with open(vocab, 'w') as f:
            f.write('\n'.join(words) + '\n')
        files[name] = (path, vocab)
    return files


def main(data_dir):
    files = write_scripts(os.path.join(data_dir, 'h68_puppet'))
    input_fn = make_input_fn(
        ModeKeys.EVAL, files['cues'][0], files['replies'][0],
        files['cues'][1], files['replies'][1], batch_size=4, vocab_size=23,
        input_max_length=5, output_max_length=5, queue_capacity=20, num_threads=1)
    features, labels = input_fn()

    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, l = sess.run([features, labels])
            batches.append([f['input'].tolist(), f['input_len'].tolist(),
                            l['output'].tolist(), l['output_len'].tolist()])
    return {"batches": batches, "end": "script lines: %d" % sum(len(b[1]) for b in batches)}

"""NMT training input with vocab tables from files and a hand-written length bucketing over PaddingFIFOQueues."""
import argparse
import os

import tensorflow as tf

from nmt27_lib import iterator_utils, vocab_utils

SRC = ["ich bin", "das ist gut", "wir gehen nach hause", "ja", "sie hat ein buch", "gut",
       "ich gehe", "das haus ist gross", "nein danke"]
TGT = ["i am", "that is good", "we go home", "yes", "she has a book", "good",
       "i go", "the house is big", "no thanks"]


def add_arguments(parser):
    parser.add_argument("--batch_size", type=int, default=2)
    parser.add_argument("--num_buckets", type=int, default=2)
    parser.add_argument("--bucket_width", type=int, default=3)
    parser.add_argument("--src_max_len", type=int, default=5)


def prepare(root):
    os.makedirs(root, exist_ok=True)
    for lang, lines in (("de", SRC), ("en", TGT)):
        with open(os.path.join(root, "train.%s" % lang), "w") as f:
            f.write("\n".join(lines) + "\n")
        words = sorted({w for line in lines for w in line.split()})
        vocab_utils.write_vocab(vocab_utils.vocab_path(root, lang), words)


def main(data_dir):
    root = os.path.join(data_dir, "h27_nmt_vocab_file_bucket_padding_queues")
    prepare(root)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    hparams = parser.parse_args([])
    src_table = vocab_utils.create_vocab_table(vocab_utils.vocab_path(root, "de"))
    tgt_table = vocab_utils.create_vocab_table(vocab_utils.vocab_path(root, "en"))
    it = iterator_utils.BucketedIterator(os.path.join(root, "train.de"), os.path.join(root, "train.en"),
                                         src_table, tgt_table, hparams)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.local_variables_initializer(), tf.compat.v1.tables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        n = 0
        try:
            while True:
                sess.run(it.enqueue_op)
                n += 1
        except tf.errors.OutOfRangeError:
            sess.run(it.close_ops)
        for b, batch in enumerate(it.batches):
            while True:
                try:
                    src, tgt, length = sess.run(batch)
                except tf.errors.OutOfRangeError:
                    break
                batches.append({"bucket": b, "source": src.tolist(), "target": tgt.tolist(),
                                "source_length": length.tolist()})
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "bucketed %d sentence pairs" % n}

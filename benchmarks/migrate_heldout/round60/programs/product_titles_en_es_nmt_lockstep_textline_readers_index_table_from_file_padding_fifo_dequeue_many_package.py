"""NMT input of product titles (en -> es), the nmt hparams / vocab-table layout over queues."""
import os
from types import SimpleNamespace

import tensorflow.compat.v1 as tf

from nmt60_lib import vocab as vocab_utils
from nmt60_lib.queue_input import get_queue_iterator

EN = ["red", "shoe", "blue", "bag", "small", "lamp", "steel", "pan", "wool", "hat"]
ES = ["rojo", "zapato", "azul", "bolsa", "pequeno", "lampara", "acero", "sarten", "lana", "sombrero"]


def create_hparams(out_dir):
    import random
    rng = random.Random(602)
    os.makedirs(out_dir, exist_ok=True)
    src, tgt = os.path.join(out_dir, "train.en"), os.path.join(out_dir, "train.es")
    with open(src, "w") as fs, open(tgt, "w") as ft:
        for _ in range(9):
            idx = [rng.randrange(len(EN)) for _ in range(rng.randint(1, 4))]
            fs.write(" ".join(EN[i] for i in idx) + ("" if rng.random() < 0.8 else " oov") + "\n")
            ft.write(" ".join(ES[i] for i in reversed(idx)) + "\n")
    return SimpleNamespace(
        src_file=src, tgt_file=tgt,
        src_vocab_file=vocab_utils.write_vocab(os.path.join(out_dir, "vocab.en"), EN),
        tgt_vocab_file=vocab_utils.write_vocab(os.path.join(out_dir, "vocab.es"), ES),
        batch_size=3, queue_capacity=16)


def main(data_dir):
    hparams = create_hparams(os.path.join(data_dir, "h60_product_titles_en_es"))
    src_table, tgt_table = vocab_utils.create_vocab_tables(hparams.src_vocab_file, hparams.tgt_vocab_file)
    batched = get_queue_iterator(hparams, src_table, tgt_table)
    sess = tf.Session()
    sess.run(tf.tables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    batches = []
    while True:
        try:
            out = sess.run(batched)
        except tf.errors.OutOfRangeError:
            break
        batches.append([out.source.tolist(), out.target.tolist(),
                        out.source_length.tolist(), out.target_length.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "title pairs: %d" % sum(len(b[2]) for b in batches)}

"""Parallel files in lockstep, vocab tables from files made by a helper of another module, a namedtuple batch."""
import os

import tensorflow.compat.v1 as tf

from fixb5_lib import vocab
from fixb5_lib.pairs import paired_batches

SRC = ["red", "shoe", "blue", "bag", "lamp"]
TGT = ["rojo", "zapato", "azul", "bolsa", "lampara"]


def main(data_dir):
    import random
    rng = random.Random(5)
    folder = os.path.join(data_dir, "fixb5_nmt")
    os.makedirs(folder, exist_ok=True)
    cfg = {"src": os.path.join(folder, "a.src"), "tgt": os.path.join(folder, "a.tgt"), "batch": 2}
    with open(cfg["src"], "w") as fs, open(cfg["tgt"], "w") as ft:
        for _ in range(8):
            idx = [rng.randrange(5) for _ in range(rng.randint(1, 4))]
            fs.write(" ".join(SRC[i] for i in idx) + (" oov" if rng.random() < 0.3 else "") + "\n")
            ft.write(" ".join(TGT[i] for i in reversed(idx)) + "\n")
    src_table, tgt_table = vocab.file_tables(vocab.write_vocab(os.path.join(folder, "v.src"), SRC),
                                             vocab.write_vocab(os.path.join(folder, "v.tgt"), TGT))
    batch = paired_batches(cfg, src_table, tgt_table)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.tables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                out = sess.run(batch)
                batches.append([out.src.tolist(), out.tgt.tolist(), out.src_len.tolist(), out.tgt_len.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pairs: %d" % sum(len(b[2]) for b in batches)}

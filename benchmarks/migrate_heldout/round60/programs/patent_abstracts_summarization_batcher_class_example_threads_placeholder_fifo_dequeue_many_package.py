"""Summarisation trainer input: patent claims -> abstracts, a Batcher class with example threads."""
import json
import os
import random
from collections import namedtuple

import tensorflow.compat.v1 as tf

from txt60_lib import data
from txt60_lib.batcher import Batcher

HParams = namedtuple("HParams", "batch_size max_enc_steps max_dec_steps")
WORDS = "a device method wherein layer circuit sensor coupled substrate signal housing valve".split()


def write_shards(folder):
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(603)
    for s in range(3):
        with open(os.path.join(folder, "chunk_%03d.jsonl" % s), "w") as f:
            for _ in range(4):
                art = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8)))
                abst = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
                f.write(json.dumps({"article": art, "abstract": abst}) + "\n")
    return sorted(os.path.join(folder, n) for n in os.listdir(folder))


def example_generator(paths):
    for p in paths:
        with open(p) as f:
            for line in f:
                rec = json.loads(line)
                yield rec["article"], rec["abstract"]


def main(data_dir):
    paths = write_shards(os.path.join(data_dir, "h60_patent_abstracts"))
    hps = HParams(batch_size=4, max_enc_steps=6, max_dec_steps=4)
    vocab = data.Vocab(WORDS[:9])
    batcher = Batcher(list(example_generator(paths)), vocab, hps)
    batches = []
    sess = tf.Session()
    batcher.start(sess)
    while True:
        try:
            enc, dec, enc_len = sess.run(batcher.next_batch)
        except tf.errors.OutOfRangeError:
            break
        batches.append([enc.tolist(), dec.tolist(), enc_len.tolist()])
    sess.close()
    return {"batches": batches, "end": "claims: %d" % sum(len(b[2]) for b in batches)}

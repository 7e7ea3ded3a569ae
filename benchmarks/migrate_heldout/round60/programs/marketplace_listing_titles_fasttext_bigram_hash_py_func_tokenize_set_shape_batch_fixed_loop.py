"""fastText-style listing classifier input: title -> hashed unigrams+bigrams through tf.py_func."""
import os
import random
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

NGRAM_BUCKETS = 97
MAX_TOKENS = 6


def _hash_ngrams(title):
    words = title.decode("utf-8").lower().split()
    grams = words + [a + "_" + b for a, b in zip(words, words[1:])]
    ids = [zlib.crc32(g.encode("utf-8")) % NGRAM_BUCKETS + 1 for g in grams][:MAX_TOKENS]
    ids += [0] * (MAX_TOKENS - len(ids))
    return np.array(ids, dtype=np.int64), np.int32(min(len(grams), MAX_TOKENS))


def tokenize(title):
    ids, length = tf.py_func(_hash_ngrams, [title], [tf.int64, tf.int32], stateful=False)
    ids.set_shape([MAX_TOKENS])
    length.set_shape([])
    return ids, length


def main(data_dir):
    folder = os.path.join(data_dir, "h60_marketplace_listings")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "listings.csv")
    rng = random.Random(613)
    words = ["vintage", "oak", "desk", "barely", "used", "kids", "bike", "iphone", "case", "leather"]
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,%s,%d\n" % (i, " ".join(rng.choice(words) for _ in range(rng.randint(1, 4))), rng.randint(0, 5)))
    queue = tf.train.string_input_producer([path], num_epochs=None, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    listing_id, title, category = tf.decode_csv(line, [[0], [""], [0]])
    ids, length = tokenize(title)
    id_b, ngram_b, len_b, cat_b = tf.train.batch([listing_id, ids, length, category], batch_size=4)
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    tf.train.start_queue_runners(sess=sess)
    batches = []
    for step in range(3):
        out = sess.run([id_b, ngram_b, len_b, cat_b])
        batches.append([o.tolist() for o in out])
    return {"batches": batches, "end": "listings: %d" % sum(len(b[0]) for b in batches)}

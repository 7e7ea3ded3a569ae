"""Toxicity classifier input: forum posts tokenised in Python, a feeder Thread subclass fills a PaddingFIFOQueue."""
import json
import os
import random
import threading

import tensorflow as tf

tf1 = tf.compat.v1


class PostFeeder(threading.Thread):
    def __init__(self, sess, path, vocab, batch_size=3):
        super(PostFeeder, self).__init__(name="post_feeder")
        self.daemon = True
        self._sess = sess
        self._path = path
        self._vocab = vocab
        self.tokens_ph = tf1.placeholder(tf.int32, shape=[None], name="tokens")
        self.toxic_ph = tf1.placeholder(tf.int32, shape=[], name="toxic")
        self.queue = tf1.PaddingFIFOQueue(10, [tf.int32, tf.int32], shapes=[[None], []])
        self._enqueue = self.queue.enqueue([self.tokens_ph, self.toxic_ph])
        self._close = self.queue.close()
        self.tokens, self.toxic = self.queue.dequeue_many(batch_size)

    def run(self):
        with open(self._path) as f:
            for line in f:
                post = json.loads(line)
                ids = [self._vocab.get(w, 1) for w in post["body"].split()]
                self._sess.run(self._enqueue, feed_dict={self.tokens_ph: ids, self.toxic_ph: post["toxic"]})
        self._sess.run(self._close)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_forum_posts")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "posts.jsonl")
    rng = random.Random(614)
    words = ["you", "are", "wrong", "idiot", "thanks", "great", "post", "stupid", "agree", "lol"]
    with open(path, "w") as f:
        for i in range(9):
            f.write(json.dumps({"id": i, "body": " ".join(rng.choice(words) for _ in range(rng.randint(1, 5))),
                                "toxic": rng.randint(0, 1)}) + "\n")
    vocab = {w: i + 2 for i, w in enumerate(words[:8])}
    sess = tf1.Session()
    feeder = PostFeeder(sess, path, vocab)
    feeder.start()
    batches = []
    try:
        while True:
            t, y = sess.run([feeder.tokens, feeder.toxic])
            batches.append([t.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    feeder.join()
    sess.close()
    return {"batches": batches, "end": "posts: %d" % sum(len(b[1]) for b in batches)}

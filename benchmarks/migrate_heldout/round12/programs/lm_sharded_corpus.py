"""Word-level language-model input over a sharded, tokenised corpus (one sentence of word ids per line): an
input object with a config whose sizes are properties; sentences are padded per batch; the trainer runs a
fixed number of steps over a producer that repeats forever."""

import os

import tensorflow.compat.v1 as tf


class SmallConfig(object):
    """Small config."""

    def __init__(self, batch_size=10, max_len=12, num_shards=3):
        self._batch_size = batch_size
        self._max_len = max_len
        self._num_shards = num_shards

    @property
    def batch_size(self):
        return self._batch_size

    @property
    def max_len(self):
        return self._max_len

    @property
    def num_shards(self):
        return self._num_shards


def write_corpus(data_dir, config):
    folder = os.path.join(data_dir, "h12_lm_sharded_corpus")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    paths = []
    word = 1
    for s in range(config.num_shards):
        path = os.path.join(folder, "news.en-%05d-of-%05d" % (s, config.num_shards))
        with open(path, "w") as f:
            for line in range(40):
                length = 3 + (line * 7 + s) % 9
                f.write(" ".join(str((word + k) % 997) for k in range(length)) + "\n")
                word += length
        paths.append(path)
    return paths


class LMInput(object):
    """The input data."""

    def __init__(self, config, shards, name=None):
        self.config = config
        self.shards = shards
        with tf.name_scope(name, "LMInput"):
            self.input_data, self.targets, self.lengths = self._make_batches()

    def _sentence(self):
        producer = tf.train.string_input_producer(self.shards, shuffle=False, capacity=8)
        reader = tf.TextLineReader()
        _, line = reader.read(producer)
        words = tf.string_split([line], delimiter=" ").values
        ids = tf.strings.to_number(words, out_type=tf.int32)
        ids = ids[:self.config.max_len + 1]
        return ids[:-1], ids[1:], tf.size(ids) - 1

    def _make_batches(self):
        inputs, targets, length = self._sentence()
        return tf.train.batch([inputs, targets, length], batch_size=self.config.batch_size, num_threads=1,
                              capacity=4 * self.config.batch_size, dynamic_pad=True, name="sentence_batch")


def main(data_dir):
    config = SmallConfig()
    shards = write_corpus(data_dir, config)
    train_input = LMInput(config, shards, name="TrainInput")
    mask = tf.sequence_mask(train_input.lengths, dtype=tf.int32)
    num_tokens = tf.reduce_sum(mask)

    steps = 25
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for step in range(steps):
        x, y, n, tokens = sess.run([train_input.input_data, train_input.targets, train_input.lengths, num_tokens])
        batches.append([x.tolist(), y.tolist(), n.tolist(), int(tokens)])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {"batches": batches, "end": "steps"}

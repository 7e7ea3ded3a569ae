"""A loader class whose config object says whether each batch carries a weight column, and a squared score."""
import os

import tensorflow.compat.v1 as tf


class Config:
    def __init__(self, with_weight, batch_size, with_square=False):
        self.with_weight = with_weight
        self.batch_size = batch_size
        self.with_square = with_square


class Loader:
    def __init__(self, config, path):
        self.config = config
        self.path = path

    def batches(self):
        queue = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        ident, score = tf.decode_csv(line, record_defaults=[[0], [0.0]])
        outputs = [ident, score]
        if self.config.with_weight and self.config.batch_size > 1:
            weight = tf.cast(ident, tf.float32) * 0.5 + score
            outputs.append(weight)
        if self.config.with_square:
            outputs.append(score * score)
        return tf.train.batch(outputs, batch_size=self.config.batch_size, num_threads=1)


def main(data_dir):
    path = os.path.join(data_dir, "r34c_scores.csv")
    with open(path, "w") as f:
        f.writelines(f"{i},{i * 0.25}\n" for i in range(9))
    idents, scores, weights = Loader(Config(True, 3), path).batches()
    squared = Loader(Config(False, 2, with_square=True), path).batches()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for fetch in ([idents, scores, weights], squared):
            try:
                while True:
                    batches.append([t.tolist() for t in sess.run(fetch)])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}

"""Sketch strokes (QuickDraw-like "word|x y;x y;...") read by a `DataLoader(object)` in Python-2-era style
(`from __future__`, `six.moves.xrange`): an endless producer, strokes split and padded per line, a
`train.batch`; `num_batches` computed from the line count, and the training loop nested as
`for epoch in xrange(...): for b in xrange(loader.num_batches):`, so the loader's epochs do not line up with
the producer's."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

from six.moves import xrange  # pylint: disable=redefined-builtin
import tensorflow.compat.v1 as tf

NUM_EPOCHS = 3

SKETCHES = [
    ("cat", [(0, 0), (3, 1), (5, 4)]), ("sun", [(2, 2), (4, 2)]), ("cup", [(1, 1), (1, 5), (4, 5), (4, 1)]),
    ("fish", [(0, 3)]), ("tree", [(2, 0), (2, 6), (0, 4)]), ("cat", [(1, 1), (2, 2)]),
    ("boat", [(0, 5), (6, 5), (5, 7), (1, 7)]), ("sun", [(3, 3), (3, 4), (4, 4)]), ("fish", [(5, 1), (6, 2)]),
]


def write_strokes(data_dir):
    folder = os.path.join(data_dir, "h21_sketches")
    os.makedirs(folder, exist_ok=True)
    for part in range(2):
        with open(os.path.join(folder, "strokes-%d.txt" % part), "w") as out:
            for i, (word, points) in enumerate(SKETCHES):
                if i % 2 == part or i == 4:
                    out.write("%s|%s\n" % (word, ";".join("%d %d" % (x + part, y) for x, y in points)))
    return folder


class DataLoader(object):

    def __init__(self, data_dir, batch_size=4, max_points=4):
        self.batch_size = batch_size
        self.max_points = max_points
        self.files = sorted(tf.gfile.Glob(os.path.join(data_dir, "*.txt")))
        self.num_examples = 0
        for path in self.files:
            with open(path) as f:
                self.num_examples += sum(1 for _ in f)
        self.num_batches = self.num_examples // self.batch_size
        self._build()

    def _build(self):
        filename_queue = tf.train.string_input_producer(self.files, shuffle=False)
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        word, strokes = tf.decode_csv(line, [[""], [""]], field_delim="|")
        points = tf.string_split([strokes], delimiter=";").values
        xy = tf.string_split(points, delimiter=" ")
        coords = tf.reshape(tf.strings.to_number(xy.values, out_type=tf.float32), [-1, 2])
        n = tf.shape(coords)[0]
        padded = tf.pad(coords, [[0, self.max_points - n], [0, 0]])
        padded.set_shape([self.max_points, 2])
        self.word_batch, self.points_batch, self.length_batch = tf.train.batch(
            [word, padded, n], batch_size=self.batch_size, capacity=4 * self.batch_size)


def main(data_dir):
    loader = DataLoader(write_strokes(data_dir))
    extent = tf.reduce_max(loader.points_batch, axis=[1, 2])

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for epoch in xrange(NUM_EPOCHS):
                for b in xrange(loader.num_batches):
                    words, points, lengths, ext = sess.run(
                        [loader.word_batch, loader.points_batch, loader.length_batch, extent])
                    batches.append([[w.decode() for w in words], points.reshape(len(words), -1).tolist(),
                                    lengths.tolist(), ext.tolist()])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": [loader.num_examples, loader.num_batches]}

"""Satellite tile reader: a Python tile index (scenes x tiles, as a generator over the scene catalogue) is the
producer, pulled into the graph by a py_func that raises StopIteration when the catalogue is exhausted; the
tile file is then read and decoded in the graph and batched by a single thread."""

import glob
import os

import numpy as np
import tensorflow as tf


class TileCatalogue(object):
    """Walks the scenes of a catalogue, yielding (tile path, scene id, tile row) for every tile."""

    def __init__(self, scene_paths, passes):
        self.scene_paths = scene_paths
        self.passes = passes
        self._iterator = self._walk()

    def _walk(self):
        for p in range(self.passes):
            for scene_id, path in enumerate(self.scene_paths):
                for row in range(4):
                    yield path.encode("utf-8"), np.int64(p * 100 + scene_id), np.int32(row)

    def next_tile(self):
        # StopIteration ends the producer: the py_func turns it into OutOfRangeError
        return next(self._iterator)

    def tile_op(self):
        path, scene_id, row = tf.compat.v1.py_func(self.next_tile, [], [tf.string, tf.int64, tf.int32],
                                                   stateful=True, name="next_tile")
        path.set_shape([])
        scene_id.set_shape([])
        row.set_shape([])
        return path, scene_id, row


def decode_tile(path, row):
    scene = tf.image.decode_png(tf.io.read_file(path), channels=1)
    scene = tf.reshape(tf.cast(scene, tf.int32), [4, 4])
    strip = scene[row]
    ndvi_proxy = tf.cast(tf.reduce_sum(strip), tf.float32) / 4.0
    return strip, ndvi_proxy


def main(data_dir):
    scenes = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    catalogue = TileCatalogue(scenes, passes=10)
    path, scene_id, row = catalogue.tile_op()
    strip, ndvi = decode_tile(path, row)
    strips, scene_ids, rows, ndvis = tf.compat.v1.train.batch(
        [strip, scene_id, row, ndvi], batch_size=16, num_threads=1, capacity=64, allow_smaller_final_batch=True)

    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, i, r, n = sess.run([strips, scene_ids, rows, ndvis])
                batches.append([s.tolist(), i.tolist(), r.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

"""Hand-pose records: a 4x4 grey crop, 3 keypoints (x, y) and their visibility; heatmaps made in numpy."""
import numpy as np
import tensorflow.compat.v1 as tf

NUM_JOINTS = 3
HEATMAP = 4


def write_records(path, count=10):
    with tf.python_io.TFRecordWriter(path) as writer:
        for n in range(count):
            kps = [float((n + j) % HEATMAP) for j in range(NUM_JOINTS)] + [float((n * 2 + j) % HEATMAP)
                                                                            for j in range(NUM_JOINTS)]
            vis = [1 if (n + j) % 4 else 0 for j in range(NUM_JOINTS)]
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image/raw': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[bytes((n * 17 + k) % 256 for k in range(16))])),
                'keypoints': tf.train.Feature(float_list=tf.train.FloatList(value=kps)),
                'visibility': tf.train.Feature(int64_list=tf.train.Int64List(value=vis)),
                'hand_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
            }))
            writer.write(ex.SerializeToString())


def make_heatmaps(keypoints, visibility, sigma=1.0):
    xs, ys = keypoints[:NUM_JOINTS], keypoints[NUM_JOINTS:]
    grid_y, grid_x = np.mgrid[0:HEATMAP, 0:HEATMAP]
    maps = np.zeros((NUM_JOINTS, HEATMAP, HEATMAP), np.float32)
    for j in range(NUM_JOINTS):
        if visibility[j]:
            maps[j] = np.exp(-((grid_x - xs[j]) ** 2 + (grid_y - ys[j]) ** 2) / (2 * sigma ** 2))
    return maps


class HandPoseInput(object):
    def __init__(self, files, batch_size=4, num_threads=3, num_epochs=2):
        self.files = files
        self.batch_size = batch_size
        self.num_threads = num_threads
        self.num_epochs = num_epochs

    def _parse(self, serialized):
        parsed = tf.parse_single_example(serialized, {
            'image/raw': tf.FixedLenFeature([], tf.string),
            'keypoints': tf.FixedLenFeature([2 * NUM_JOINTS], tf.float32),
            'visibility': tf.FixedLenFeature([NUM_JOINTS], tf.int64),
            'hand_id': tf.FixedLenFeature([], tf.int64),
        })
        image = tf.reshape(tf.decode_raw(parsed['image/raw'], tf.uint8), [4, 4, 1])
        heatmaps = tf.py_func(make_heatmaps, [parsed['keypoints'], parsed['visibility']], tf.float32,
                              stateful=False, name='heatmaps')
        heatmaps.set_shape([NUM_JOINTS, HEATMAP, HEATMAP])
        return image, heatmaps, parsed['visibility'], parsed['hand_id']

    def batch(self):
        with tf.name_scope('handpose_input'):
            queue = tf.train.string_input_producer(self.files, num_epochs=self.num_epochs, shuffle=True, seed=7)
            _, serialized = tf.TFRecordReader().read(queue)
            example = self._parse(serialized)
            return tf.train.shuffle_batch(list(example), self.batch_size, capacity=32, min_after_dequeue=4,
                                          num_threads=self.num_threads, seed=9)

import os

import tensorflow as tf


class FrameSource(object):
    """Frames of a TFRecord file, batched in order; the subclass parses one."""

    def parse(self, queue):
        raise NotImplementedError

    def batches(self, path, batch_size):
        queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        frame_id, pixels = self.parse(queue)
        return tf.compat.v1.train.batch([frame_id, pixels], batch_size=batch_size)


def write_frames(path, n):
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(n):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                'pixels': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.25, i + 1.0])),
            }))
            writer.write(ex.SerializeToString())


def folder(data_dir):
    out = os.path.join(data_dir, 'fixa1_frames')
    os.makedirs(out, exist_ok=True)
    return out

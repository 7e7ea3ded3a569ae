import tensorflow.compat.v1 as tf


def resize_axis(tensor, new_size):
    shape = tf.shape(tensor)[0]
    padded = tf.concat([tensor, tf.zeros([tf.maximum(0, new_size - shape)], tensor.dtype)], 0)
    return padded[:new_size]


class BaseReader(object):
    def prepare_reader(self, unused_filename_queue):
        raise NotImplementedError()


class FrameReader(BaseReader):
    def __init__(self, max_frames=3):
        self.max_frames = max_frames

    def prepare_reader(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        feats = tf.parse_single_example(serialized, {"vid": tf.FixedLenFeature([], tf.string),
                                                     "f": tf.VarLenFeature(tf.float32)})
        frames = resize_axis(tf.sparse.to_dense(feats["f"]), self.max_frames)
        frames.set_shape([self.max_frames])
        return [feats["vid"], frames, tf.size(feats["f"].values)]

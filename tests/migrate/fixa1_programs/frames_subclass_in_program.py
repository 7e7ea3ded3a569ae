"""The base (another module, reached as ``frames.FrameSource``) batches; this module's subclass parses."""
import os

import tensorflow as tf

from fixa1_lib import frames


class PixelFrames(frames.FrameSource):
    def parse(self, queue):
        _, serialized = tf.compat.v1.TFRecordReader().read(queue)
        parsed = tf.io.parse_single_example(serialized, {
            'id': tf.io.FixedLenFeature([], tf.int64),
            'pixels': tf.io.FixedLenFeature([2], tf.float32),
        })
        return parsed['id'], parsed['pixels'] * 2.0


def main(data_dir):
    path = os.path.join(frames.folder(data_dir), 'frames.tfrecord')
    frames.write_frames(path, 10)
    frame_id, pixels = PixelFrames().batches(path, 5)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            f, p = sess.run([frame_id, pixels])
            batches.append([f.tolist(), p.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

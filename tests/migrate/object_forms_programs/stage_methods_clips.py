"""Two batching stages, each in its own method: `clips()` groups consecutive records into clips of 3 (one thread,
`train.batch`), a clip's mean computed after it, and `batches()` (called once) batches the clips by 4, keeping the
short last batch; the reader is a method of its own (`_frames()`)."""

import glob
import os

import tensorflow.compat.v1 as tf


class ClipReader(object):
    def __init__(self, files, clip_length=3, batch_size=4):
        self.files = files
        self.clip_length = clip_length
        self.batch_size = batch_size

    def _frames(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, serialized = tf.TFRecordReader().read(queue)
        parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                      'label': tf.FixedLenFeature([1], tf.int64)})
        return parsed['x'], parsed['label'][0]

    def clips(self):
        frame, index = self._frames()
        frames, indices = tf.train.batch([frame, index], batch_size=self.clip_length, num_threads=1)
        mean = tf.reduce_mean(frames, axis=0)
        return frames, indices, mean

    def batches(self):
        clip, indices, mean = self.clips()
        return tf.train.batch([clip, indices, mean], batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    clips, indices, means = ClipReader(files).batches()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                c, i, m = sess.run([clips, indices, means])
                batches.append([c.tolist(), i.tolist(), m.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

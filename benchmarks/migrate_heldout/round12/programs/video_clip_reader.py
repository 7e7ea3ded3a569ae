"""Video clip reader for action recognition: frames (one TFRecord per frame, in order) are grouped into clips
of consecutive frames by a first single-threaded batch, and the clips are shuffled into training batches by a
second one; the reader object builds each stage in its own method."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class VideoClipReader(object):

    def __init__(self, record_files, clip_length=5, batch_size=4, num_epochs=2, num_threads=2):
        self.record_files = record_files
        self.clip_length = clip_length
        self.batch_size = batch_size
        self.num_epochs = num_epochs
        self.num_threads = num_threads

    def _frames(self):
        filename_queue = train.string_input_producer(self.record_files, num_epochs=self.num_epochs,
                                                     shuffle=False)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        parsed = tf.parse_single_example(serialized, {
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([1], tf.int64),
        })
        return parsed["x"], parsed["label"][0]

    def clips(self):
        frame, frame_index = self._frames()
        frames, indices = train.batch([frame, frame_index], batch_size=self.clip_length, num_threads=1,
                                      capacity=4 * self.clip_length, name="clip_assembly")
        clip_label = indices[0] // 15
        return frames, indices, clip_label

    def batches(self):
        clip, indices, label = self.clips()
        return train.shuffle_batch([clip, indices, label], batch_size=self.batch_size, capacity=40,
                                   min_after_dequeue=10, num_threads=self.num_threads,
                                   allow_smaller_final_batch=True, name="clip_batch")


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord")))
    reader = VideoClipReader(files, clip_length=5, batch_size=4, num_epochs=2)
    clips, indices, labels = reader.batches()
    motion = tf.reduce_mean(clips[:, 1:, :] - clips[:, :-1, :], axis=[1, 2])

    batches = []
    end = None
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            c, i, l, m = sess.run([clips, indices, labels, motion])
            batches.append([c.tolist(), i.tolist(), l.tolist(), m.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}

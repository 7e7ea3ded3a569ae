"""Medical image slice loader: an object reads PNG slices with a WholeFileReader, normalises them, and fills
its own shuffle queue through a QueueRunner with two enqueue threads (the hand-built queue of 2016-era
segmentation code); the training loop dequeues fixed-size batches in another method."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


class SliceLoader(object):

    def __init__(self, slice_dir, batch_size, num_epochs, num_enqueue_threads=2, capacity=64):
        self.slice_paths = sorted(glob.glob(os.path.join(slice_dir, "image-*.png")))
        self.batch_size = batch_size
        self.num_epochs = num_epochs
        self.num_enqueue_threads = num_enqueue_threads
        self.capacity = capacity
        self.queue = None
        self._build_queue()

    def _read_slice(self, filename_queue):
        reader = tf.WholeFileReader()
        path, contents = reader.read(filename_queue)
        image = tf.image.decode_png(contents, channels=1)
        image = tf.reshape(image, [4, 4])
        image = tf.cast(image, tf.float32)
        # window/level normalisation of the slice
        image = (image - tf.reduce_min(image)) / 15.0
        slice_index = tf.strings.to_number(
            tf.strings.regex_replace(path, r".*image-(\d+)\.png$", r"\1"), out_type=tf.int32)
        return image, slice_index

    def _build_queue(self):
        filename_queue = tf.train.string_input_producer(self.slice_paths, num_epochs=self.num_epochs,
                                                        shuffle=True, seed=11)
        image, slice_index = self._read_slice(filename_queue)
        self.queue = data_flow_ops.RandomShuffleQueue(
            capacity=self.capacity, min_after_dequeue=self.capacity // 2, dtypes=[tf.float32, tf.int32],
            shapes=[[4, 4], []], seed=3, name="slice_queue")
        enqueue_op = self.queue.enqueue([image, slice_index])
        runner = tf.train.QueueRunner(self.queue, [enqueue_op] * self.num_enqueue_threads)
        tf.train.add_queue_runner(runner)

    def next_batch(self):
        images, indices = self.queue.dequeue_many(self.batch_size)
        return images, indices


def main(data_dir):
    loader = SliceLoader(data_dir, batch_size=12, num_epochs=40)
    images, indices = loader.next_batch()
    dice_proxy = tf.reduce_mean(images, axis=[1, 2])

    batches = []
    end = None
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            img, idx, d = sess.run([images, indices, dice_proxy])
            batches.append([img.tolist(), idx.tolist(), [round(float(v), 4) for v in d]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}

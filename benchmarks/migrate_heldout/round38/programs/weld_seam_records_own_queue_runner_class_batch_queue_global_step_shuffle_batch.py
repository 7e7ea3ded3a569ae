"""Weld-seam patches: the trainer's own class named QueueRunner builds a batch queue, a model and a step counter."""
import os

import numpy as np
from tensorflow.compat import v1 as tf
from tensorflow import errors


class SeamModel(object):
    """Stand-in for the defect classifier: mean brightness per patch."""

    def __init__(self, batch):
        images, labels = batch
        self.images = images
        self.labels = labels
        self.brightness = tf.reduce_mean(images, axis=[1, 2, 3])


class QueueRunner(object):
    def __init__(self, filename_list, Model, batch_size=32, image_size=256, image_channels=3):
        #We create a tf variable to hold the global step, this has the effect
        #that when a checkpoint is created this value is saved.
        global_step = tf.Variable(0)
        self.increment_step = global_step.assign_add(1)
        self.global_step = global_step

        #Create a queue that will be automatically fill by another thread
        #as we read batches out of it
        batch = self.batch_queue(filename_list, batch_size, image_size, image_channels)

        # Create the graph, etc.
        self.m = Model(batch)

        self.init_op = tf.initialize_all_variables()
        #This is required to intialize num_epochs for the filename_queue
        self.init_local = tf.initialize_local_variables()

    def read_record(self, filename_queue, image_size, image_channels):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(serialized_example, features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
        })
        image = tf.decode_raw(features['image_raw'], tf.uint8)
        image = tf.reshape(image, [image_size, image_size, image_channels])
        image = tf.cast(image, tf.float32) * (1. / 255)
        label = tf.cast(features['label'], tf.int32)
        return image, label

    def batch_queue(self, filename_list, batch_size, image_size, image_channels):
        filename_queue = tf.train.string_input_producer(filename_list, num_epochs=1, shuffle=True)
        image, label = self.read_record(filename_queue, image_size, image_channels)
        min_after_dequeue = 4
        capacity = min_after_dequeue + 3 * batch_size
        return tf.train.shuffle_batch([image, label], batch_size=batch_size, num_threads=2,
                                      capacity=capacity, min_after_dequeue=min_after_dequeue)

    def run(self):
        # Create a session for running operations in the Graph.
        sess = tf.Session(config=tf.ConfigProto(log_device_placement=False))
        sess.run(self.init_op)
        sess.run(self.init_local)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        seen = []
        try:
            while not coord.should_stop():
                images, labels, brightness = sess.run([self.m.images, self.m.labels, self.m.brightness])
                step = sess.run(self.increment_step)
                seen.append([np.round(images[..., 0].astype(np.float64), 5).tolist(), labels.tolist(),
                             np.round(brightness.astype(np.float64), 5).tolist()])
        except errors.OutOfRangeError:
            print('Done training -- epoch limit reached')
        finally:
            # When done, ask the threads to stop.
            coord.request_stop()
        coord.join(threads)
        steps = sess.run(self.global_step)
        sess.close()
        return seen, steps


def write_shards(out, n_shards=2, per_shard=6):
    rng = np.random.RandomState(38)
    names = []
    for s in range(n_shards):
        name = os.path.join(out, 'seams-%d.tfrecords' % s)
        with tf.python_io.TFRecordWriter(name) as w:
            for i in range(per_shard):
                patch = rng.randint(0, 256, size=(3, 3, 1)).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[patch.tobytes()])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[(s * per_shard + i) % 3])),
                }))
                w.write(ex.SerializeToString())
        names.append(name)
    return names


def main(data_dir):
    out = os.path.join(data_dir, 'h38_weld_seam')
    os.makedirs(out, exist_ok=True)
    filename_list = write_shards(out)
    runner = QueueRunner(filename_list, SeamModel, batch_size=4, image_size=3, image_channels=1)
    batches, steps = runner.run()
    return {"batches": batches, "end": "seam patches: %d, steps: %d" % (sum(len(b[1]) for b in batches), steps)}

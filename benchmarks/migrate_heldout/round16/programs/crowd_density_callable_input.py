"""Crowd counting input: images and their density maps (float32 bytes) in TFRecords; the input function is an
object whose `__call__(params)` builds the pipeline on the CPU and returns `(features, labels)`."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

HEIGHT, WIDTH = 4, 4


def write_crowds(data_dir):
    out_dir = os.path.join(data_dir, "h16_crowd_density_callable_input")
    os.makedirs(out_dir, exist_ok=True)
    n = 0
    for shard in range(2):
        with tf.io.TFRecordWriter(os.path.join(out_dir, "train-%d.tfrecord" % shard)) as writer:
            for _ in range(9):
                image = np.array([(n * 13 + p * 7) % 256 for p in range(HEIGHT * WIDTH)], dtype=np.uint8)
                density = np.array([((n + p) % 5) * 0.125 for p in range(HEIGHT * WIDTH)], dtype=np.float32)
                example = tf.train.Example(features=tf.train.Features(feature={
                    "image": tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                    "density": tf.train.Feature(bytes_list=tf.train.BytesList(value=[density.tobytes()])),
                }))
                writer.write(example.SerializeToString())
                n += 1
    return out_dir


class CrowdInput(object):
    """Input function for the crowd counter: `features, labels = CrowdInput(...)(params)`."""

    def __init__(self, is_training, data_dir):
        self.is_training = is_training
        self.data_dir = data_dir

    def parse(self, serialized):
        parsed = tf.parse_single_example(serialized, features={
            "image": tf.FixedLenFeature([], tf.string),
            "density": tf.FixedLenFeature([], tf.string),
        })
        image = tf.reshape(tf.decode_raw(parsed["image"], tf.uint8), [HEIGHT, WIDTH, 1])
        image = tf.cast(image, tf.float32) / 255.0
        density = tf.reshape(tf.decode_raw(parsed["density"], tf.float32), [HEIGHT, WIDTH])
        return image, density

    def __call__(self, params):
        batch_size = params["batch_size"]
        pattern = os.path.join(self.data_dir, "train-*.tfrecord" if self.is_training else "eval-*.tfrecord")
        files = sorted(tf.gfile.Glob(pattern))
        with tf.device("/cpu:0"):
            filename_queue = tf.train.string_input_producer(files, num_epochs=params.get("num_epochs", 1),
                                                            shuffle=False)
            reader = tf.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            image, density = self.parse(serialized)
            count = tf.reduce_sum(density)
            images, densities, counts = tf.train.batch([image, density, count], batch_size=batch_size,
                                                       allow_smaller_final_batch=True)
        return {"image": images, "density": densities}, counts


def main(data_dir):
    input_fn = CrowdInput(is_training=True, data_dir=write_crowds(data_dir))
    features, counts = input_fn({"batch_size": 4, "num_epochs": 1})
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            feats, c = sess.run([features, counts])
            batches.append({"image": feats["image"].tolist(), "density": feats["density"].tolist(),
                            "count": c.tolist()})
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "input_fn exhausted"}

"""LiDAR object classification: each record holds a point cloud as a serialized TensorProto (`parse_tensor`),
the session and its queue threads live in a class-based context manager."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_POINTS = 8
NUM_CLOUDS = 30
BATCH_SIZE = 4


def write_clouds(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for shard in range(2):
        path = os.path.join(out_dir, "clouds-%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(shard, NUM_CLOUDS, 2):
                points = (np.arange(NUM_POINTS * 3, dtype=np.float32).reshape(NUM_POINTS, 3) * 0.5 + i)
                proto = tf.make_tensor_proto(points)
                example = tf.train.Example(features=tf.train.Features(feature={
                    "points": tf.train.Feature(bytes_list=tf.train.BytesList(value=[proto.SerializeToString()])),
                    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
                    "cloud_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths


class QueueSession(object):
    """Opens a session, initialises the variables and runs the graph's queue runners until exit."""

    def __init__(self, stop_grace_period_secs=5):
        self.stop_grace_period_secs = stop_grace_period_secs
        self.sess = None

    def __enter__(self):
        self.sess = tf.Session()
        self.sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        self.coord = tf.train.Coordinator()
        self.threads = tf.train.start_queue_runners(sess=self.sess, coord=self.coord)
        return self.sess

    def __exit__(self, exc_type, exc, tb):
        self.coord.request_stop()
        self.coord.join(self.threads, stop_grace_period_secs=self.stop_grace_period_secs)
        self.sess.close()
        return exc_type is not None and issubclass(exc_type, tf.errors.OutOfRangeError)


def decode_cloud(serialized):
    parsed = tf.parse_single_example(serialized, features={
        "points": tf.FixedLenFeature([], tf.string),
        "label": tf.FixedLenFeature([], tf.int64),
        "cloud_id": tf.FixedLenFeature([], tf.int64),
    })
    points = tf.io.parse_tensor(parsed["points"], out_type=tf.float32)
    points.set_shape([NUM_POINTS, 3])
    centred = points - tf.reduce_mean(points, axis=0, keepdims=True)
    extent = tf.reduce_max(centred, axis=0) - tf.reduce_min(centred, axis=0)
    return centred, extent, tf.cast(parsed["label"], tf.int32), parsed["cloud_id"]


def cloud_batches(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=7)
    _, serialized = tf.TFRecordReader().read(queue)
    centred, extent, label, cloud_id = decode_cloud(serialized)
    return tf.train.shuffle_batch(
        [centred, extent, label, cloud_id], batch_size=BATCH_SIZE, capacity=40, min_after_dequeue=10,
        num_threads=2, seed=11, allow_smaller_final_batch=True)


def main(data_dir):
    paths = write_clouds(os.path.join(data_dir, "h17_pointcloud_parse_tensor_context"))
    centred, extent, labels, ids = cloud_batches(paths)
    batches = []
    with QueueSession() as sess:
        while True:
            c, e, l, i = sess.run([centred, extent, labels, ids])
            batches.append([c.round(3).tolist(), e.tolist(), l.tolist(), i.tolist()])
    return {"batches": batches, "end": "exhausted"}

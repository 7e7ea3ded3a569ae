"""Retail baskets in TFRecords, written the way library code inside TensorFlow's own tree was: the queue functions
from `tensorflow.python.training.input`, the reader and parser from `tensorflow.python.ops`, the coordinator and
`start_queue_runners` from their own modules; two shuffling threads."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.ops import io_ops, math_ops, parsing_ops
from tensorflow.python.training import coordinator
from tensorflow.python.training import input as tf_input
from tensorflow.python.training import queue_runner_impl

STORES = [b"north", b"harbour", b"old-town"]


def write_baskets(data_dir):
    out_dir = os.path.join(data_dir, "h19_retail_internal_module_imports")
    os.makedirs(out_dir, exist_ok=True)
    paths, i = [], 0
    for shard in range(3):
        path = os.path.join(out_dir, "baskets-%05d-of-00003.tfrecord" % shard)
        with tf.io.TFRecordWriter(path) as writer:
            for _ in range(9):
                example = tf.train.Example(features=tf.train.Features(feature={
                    "basket_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[7000 + i])),
                    "items": tf.train.Feature(int64_list=tf.train.Int64List(value=[1 + (i * 5) % 11])),
                    "total": tf.train.Feature(float_list=tf.train.FloatList(value=[4.5 + (i * 7.25) % 60])),
                    "store": tf.train.Feature(bytes_list=tf.train.BytesList(value=[STORES[i % 3]])),
                }))
                writer.write(example.SerializeToString())
                i += 1
        paths.append(path)
    return paths


FEATURES = {
    "basket_id": parsing_ops.FixedLenFeature([], dtypes.int64),
    "items": parsing_ops.FixedLenFeature([], dtypes.int64),
    "total": parsing_ops.FixedLenFeature([], dtypes.float32),
    "store": parsing_ops.FixedLenFeature([], dtypes.string),
}


def basket_batches(paths, batch_size):
    filename_queue = tf_input.string_input_producer(paths, num_epochs=1, shuffle=True, seed=11)
    reader = io_ops.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = parsing_ops.parse_single_example(serialized, FEATURES)
    mean_price = math_ops.truediv(parsed["total"], math_ops.cast(parsed["items"], dtypes.float32))
    return tf_input.shuffle_batch(
        [parsed["basket_id"], parsed["store"], mean_price], batch_size=batch_size, capacity=40,
        min_after_dequeue=10, num_threads=2, seed=12, allow_smaller_final_batch=True)


def main(data_dir):
    ids, stores, mean_price = basket_batches(write_baskets(data_dir), batch_size=5)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = coordinator.Coordinator()
        threads = queue_runner_impl.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ids_v, stores_v, price_v = sess.run([ids, stores, mean_price])
                batches.append([ids_v.tolist(), [s.decode() for s in stores_v],
                                [round(float(v), 4) for v in price_v]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}

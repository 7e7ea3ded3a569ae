"""slim's form with the program's own ``get_split`` (the package's ``Dataset``), the package's provider shuffling
with two readers (its common queue a RandomShuffleQueue): each element once."""
import os

import tensorflow.compat.v1 as tf

from r34d_lib import records
from r34d_lib import slim


def get_split(sources, reader=None):
    if reader is None:
        reader = tf.TFRecordReader
    keys_to_features = {
        "image/class/label": tf.FixedLenFeature([], tf.int64),
        "image/class/text": tf.FixedLenFeature((), tf.string, default_value="unknown"),
    }
    handlers = {"label": lambda e: e["image/class/label"], "name": lambda e: e["image/class/text"]}
    return slim.Dataset(sources, reader=reader, decoder=slim.Decoder(keys_to_features, handlers), num_samples=12,
                        num_classes=3)


def load_batch(dataset, batch_size=4):
    provider = slim.DatasetDataProvider(dataset, num_readers=2, num_epochs=1, common_queue_capacity=6,
                                        common_queue_min=2)
    label, name = provider.get(["label", "name"])
    return tf.train.batch([label, name], batch_size=batch_size)


def main(data_dir):
    dataset = get_split(records.write_shards(os.path.join(data_dir, "r34d_slim_own")))
    labels, names = load_batch(dataset)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                lb, nm = sess.run([labels, names])
                batches.append([lb.tolist(), [n.decode() for n in nm]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

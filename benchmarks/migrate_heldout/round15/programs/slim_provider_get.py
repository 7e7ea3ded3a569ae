"""Training script on a slim-style data library (`slimdata_lib/data.py`): the dataset is described with a
reader **class** (`reader=tf.TFRecordReader`, instantiated by the provider), a `TFExampleDecoder` with item
handlers; `provider.get(['x', 'label', 'x_sum'])` returns the decoded tensors, batched here by `train.batch`.
"""

import glob
import os

import tensorflow.compat.v1 as tf

from slimdata_lib import data as slim_data

ITEMS_TO_DESCRIPTIONS = {
    "x": "three floats",
    "label": "the example's index",
    "x_sum": "the sum of x, scaled",
}


def get_split(data_dir, split_name="train"):
    pattern = {"train": "records-[012].tfrecord", "validation": "records-3.tfrecord"}[split_name]
    keys_to_features = {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64, default_value=-1),
    }
    items_to_handlers = {
        "x": slim_data.Tensor("x"),
        "label": slim_data.Tensor("label", dtype=tf.int32),
        "x_sum": slim_data.Sum("x", scale=0.5),
    }
    decoder = slim_data.TFExampleDecoder(keys_to_features, items_to_handlers)
    files = sorted(glob.glob(os.path.join(data_dir, pattern)))
    return slim_data.Dataset(data_sources=files, reader=tf.TFRecordReader, decoder=decoder,
                             num_samples=45 * len(files), items_to_descriptions=ITEMS_TO_DESCRIPTIONS)


def main(data_dir):
    dataset = get_split(data_dir, "validation")
    provider = slim_data.DatasetDataProvider(dataset, shuffle=False, num_epochs=1)
    x, label, x_sum = provider.get(["x", "label", "x_sum"])
    x_batch, label_batch, sum_batch = tf.train.batch([x, label, x_sum], batch_size=10, num_threads=1,
                                                     capacity=50, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xs, ls, ss = sess.run([x_batch, label_batch, sum_batch])
                batches.append([xs.tolist(), ls.tolist(), ss.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

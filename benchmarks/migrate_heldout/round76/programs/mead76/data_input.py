# After an unnamed CTR repository's input module: `import config as config`, `input_fn_tfrecord(tag, batch_size=16,
# num_epochs=1, num_parallel=16, perform_shuffle=False, line_per_sample=1000)` with an inner `extract_fn` reading
# `label`, `feat_ids`, `feat_vals` packed `line_per_sample` lines to a record. The source mapped a TFRecordDataset;
# here a producer over the tag's files, a reader, one `train.batch` thread when not shuffling, and the packed lines
# unpacked after the batch.
import os

import tensorflow.compat.v1 as tf

from mead76 import config as config


def input_fn_tfrecord(tag, batch_size=16,
                      num_epochs=1, num_parallel=16, perform_shuffle=False, line_per_sample=1000):

    def extract_fn(data_record):
        features = {
            # Extract features using the keys set during creation
            'label': tf.FixedLenFeature(shape=(line_per_sample, ), dtype=tf.float32),
            'feat_ids': tf.FixedLenFeature(shape=(config.num_inputs * line_per_sample,), dtype=tf.int64),
            'feat_vals': tf.FixedLenFeature(shape=(config.num_inputs * line_per_sample,), dtype=tf.float32),
        }
        sample = tf.parse_single_example(data_record, features)
        return sample

    files = sorted(tf.gfile.Glob(os.path.join(config.data_dir, tag + '*.tfrecord')))
    queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=perform_shuffle)
    _, record = tf.TFRecordReader().read(queue)
    sample = extract_fn(record)
    if perform_shuffle:
        batch = tf.train.shuffle_batch(sample, batch_size, capacity=256, min_after_dequeue=64,
                                       num_threads=num_parallel)
    else:
        batch = tf.train.batch(sample, batch_size, num_threads=1, capacity=4 * batch_size)
    labels = tf.reshape(batch['label'], [-1])
    batch_ids = tf.reshape(batch['feat_ids'], [-1, config.num_inputs])
    batch_vals = tf.reshape(batch['feat_vals'], [-1, config.num_inputs])
    return {'feat_ids': batch_ids, 'feat_vals': batch_vals}, labels

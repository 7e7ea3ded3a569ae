"""Multi-GPU training input (the CIFAR-10 multi-GPU layout): one global batch is built on the CPU and split
into one slice per tower with `tf.split`, each tower under its own `name_scope`; the final partial batch is
dropped (no `allow_smaller_final_batch`), since every tower needs the same size.
"""

import glob
import os

import tensorflow as tf

NUM_TOWERS = 2
BATCH_PER_TOWER = 4
HEADER_BYTES = 4
RECORD_BYTES = 8
TOWER_NAME = "tower"


def read_fixed_record(filename_queue):
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, value = reader.read(filename_queue)
    fields = tf.io.decode_raw(value, tf.int32)
    fields.set_shape([2])
    feature = tf.cast(fields[1], tf.float32) / 3.0
    label = fields[0] % 4
    return feature, label


def global_batch(files, num_epochs):
    with tf.device("/cpu:0"):
        filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
        feature, label = read_fixed_record(filename_queue)
        features, labels = tf.compat.v1.train.batch(
            [feature, label], batch_size=BATCH_PER_TOWER * NUM_TOWERS, num_threads=1,
            capacity=3 * BATCH_PER_TOWER * NUM_TOWERS)
    return features, labels


def tower_inputs(files, num_epochs=1):
    features, labels = global_batch(files, num_epochs)
    feature_splits = tf.split(features, NUM_TOWERS, axis=0)
    label_splits = tf.split(labels, NUM_TOWERS, axis=0)
    towers = []
    for i in range(NUM_TOWERS):
        with tf.name_scope("%s_%d" % (TOWER_NAME, i)):
            towers.append((tf.identity(feature_splits[i]), tf.identity(label_splits[i])))
    return towers


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    towers = tower_inputs(files)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                per_tower = sess.run(towers)
                batches.append([[f.tolist(), l.tolist()] for f, l in per_tower])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

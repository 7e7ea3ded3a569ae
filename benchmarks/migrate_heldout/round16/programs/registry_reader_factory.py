"""A dataset factory in the slim manner, reduced to functions: the script asks a registry module for the reader
function of a named dataset and batches what it returns; two datasets are read one after the other."""

import glob
import os

import tensorflow.compat.v1 as tf

from factory_lib import registry

BATCH_SIZE = 5


def make_batches(data_dir, dataset_name, num_epochs=1):
    files = sorted(glob.glob(os.path.join(data_dir, registry.file_pattern(dataset_name))))
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False,
                                                    name=dataset_name + "_files")
    read_fn = registry.get_reader(dataset_name)
    value, label = read_fn(filename_queue)
    return tf.train.batch([value, label], batch_size=BATCH_SIZE, allow_smaller_final_batch=True,
                          name=dataset_name + "_batch")


def drain(sess, batch):
    out = []
    try:
        while True:
            values, labels = sess.run(batch)
            out.append([values.tolist(), labels.tolist()])
    except tf.errors.OutOfRangeError:
        return out


def main(data_dir):
    fixed_batch = make_batches(data_dir, "fixed")
    csv_batch = make_batches(data_dir, "csv")
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        fixed = drain(sess, fixed_batch)
        tables = drain(sess, csv_batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": fixed + tables, "end": [len(fixed), len(tables)]}

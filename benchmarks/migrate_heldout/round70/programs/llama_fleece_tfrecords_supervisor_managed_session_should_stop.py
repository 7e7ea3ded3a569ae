"""Llama fleece micron tests: a `read_and_decode` / `inputs(train, batch_size, num_epochs)` pair (fully_connected_reader
shape) with a one-thread train.batch, run under `tf.train.Supervisor(logdir=None).managed_session()` until
`should_stop()` turns true at the end of the single epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

TRAIN_FILE = 'fleece_train.tfrecords'


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'microns_raw': tf.FixedLenFeature([], tf.string),
            'herd': tf.FixedLenFeature([], tf.int64),
        })
    microns = tf.decode_raw(features['microns_raw'], tf.float64)
    microns.set_shape([4])
    microns = tf.cast(microns, tf.float32)
    herd = tf.cast(features['herd'], tf.int32)
    return microns, herd


def inputs(data_dir, train, batch_size, num_epochs):
    if not num_epochs:
        num_epochs = None
    filename = os.path.join(data_dir, TRAIN_FILE if train else 'fleece_test.tfrecords')
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
        microns, herd = read_and_decode(filename_queue)
        micron_batch, herd_batch = tf.train.batch([microns, herd], batch_size=batch_size, num_threads=1,
                                                  capacity=1000 + 3 * batch_size)
        return micron_batch, herd_batch


def main(data_dir):
    out = os.path.join(data_dir, 'h70_llama')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(12)
    with tf.python_io.TFRecordWriter(os.path.join(out, TRAIN_FILE)) as w:
        for i in range(8):
            m = (18 + rng.rand(4) * 12).astype(np.float64)
            w.write(tf.train.Example(features=tf.train.Features(feature={
                'microns_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[m.tobytes()])),
                'herd': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
            })).SerializeToString())

    micron_batch, herd_batch = inputs(out, train=True, batch_size=2, num_epochs=1)
    mean_micron = tf.reduce_mean(micron_batch, axis=1)
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)

    batches = []
    sv = tf.train.Supervisor(logdir=None, global_step=global_step, save_model_secs=0, save_summaries_secs=0,
                             local_init_op=tf.local_variables_initializer())
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                m, h, _ = sess.run([mean_micron, herd_batch, step_op])
            except tf.errors.OutOfRangeError:
                sv.request_stop()
                break
            batches.append([h.tolist(), np.round(m, 3).tolist()])
    return {"batches": batches, "end": "fleeces: %d" % sum(len(b[0]) for b in batches)}

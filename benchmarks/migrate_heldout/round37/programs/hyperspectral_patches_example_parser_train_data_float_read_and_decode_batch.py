"""Hyperspectral pixel patches stored as float32 bytes under 'train/data' / 'train/label', decoded by
example_parser(serialized_example, feature, data_shape, data_type) inside read_and_decode(...)."""
import os

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import train

v1 = tf.compat.v1


def example_parser(serialized_example, feature, data_shape, data_type):
    """Parses a single tf.Example into data and label tensors."""
    # Decode the record read by the reader
    features = v1.parse_single_example(serialized_example, features=feature)
    # Convert the data from string back to the numbers
    data = v1.decode_raw(features['train/data'], data_type)
    # Cast label data into int64
    label = tf.cast(features['train/label'], tf.int64)
    # Reshape data into the original shape
    data = tf.reshape(data, data_shape)
    return data, label


def read_and_decode(filename_queue, data_shape, data_type=tf.float32, batch_size=3):
    feature = {'train/data': v1.FixedLenFeature([], tf.string),
               'train/label': v1.FixedLenFeature([], tf.int64)}
    reader = v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    data, label = example_parser(serialized_example, feature, data_shape, data_type)
    return train.batch([data, label], batch_size=batch_size, capacity=30, num_threads=1,
                       allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, "h37_hyperspectral")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "indian_pines_patches.tfrecords")
    rng = np.random.RandomState(37)
    with v1.python_io.TFRecordWriter(path) as writer:
        for i in range(8):
            patch = rng.uniform(0, 1, (2, 2, 3)).astype(np.float32)
            ex = train.Example(features=train.Features(feature={
                'train/data': train.Feature(bytes_list=train.BytesList(value=[patch.tobytes()])),
                'train/label': train.Feature(int64_list=train.Int64List(value=[i % 4]))}))
            writer.write(ex.SerializeToString())

    filename_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    data, label = read_and_decode(filename_queue, [2, 2, 3])
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                d, l = sess.run([data, label])
                batches.append([np.round(d.astype(np.float64), 4).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "patches: %d" % sum(len(b[1]) for b in batches)}

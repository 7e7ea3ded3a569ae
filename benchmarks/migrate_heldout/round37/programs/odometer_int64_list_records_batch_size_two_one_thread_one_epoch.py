from __future__ import absolute_import
from __future__ import division
from __future__ import print_function
from __future__ import unicode_literals
from __future__ import with_statement

import os
import tensorflow as tf

N = 10
data_file = "odometer.tfrecords"
batch_size = 2
num_threads = 1
num_epochs = 1


def main(data_dir):
    folder = os.path.join(data_dir, "h37_odometer")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, data_file)
    writer = tf.compat.v1.python_io.TFRecordWriter(path)
    idx = 0
    while idx < N:
        example = tf.train.Example(features=tf.train.Features(feature={
            'feature': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx * 10, idx * 100, idx * 1000])),
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx]))
        }))
        writer.write(example.SerializeToString())
        idx += 1
    writer.close()

    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.compat.v1.parse_single_example(serialized_example, features={
        'feature': tf.compat.v1.FixedLenFeature([3], tf.int64),
        'label': tf.compat.v1.FixedLenFeature([], tf.int64),
    })
    feature_batch, label_batch = tf.compat.v1.train.batch(
        [features['feature'], features['label']], batch_size=batch_size, num_threads=num_threads,
        capacity=batch_size * 3)

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            f, l = sess.run([feature_batch, label_batch])
            batches.append([f.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "readings: %d" % sum(len(b[1]) for b in batches)}

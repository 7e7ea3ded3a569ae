"""Chopstick grip-force samples: the blog / textbook script shape -- one TFRecordReader on an unshuffled producer,
parse_single_example, decode_raw of the force bytes, and a `for i in range(N)` loop of `sess.run` on the single
example with no batching op."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

N_SAMPLES = 6


def main(data_dir):
    out = os.path.join(data_dir, 'h70_chopstick')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'grips.tfrecords')
    rng = np.random.RandomState(6)
    # write the records (the original did this in a separate "generate" script)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(N_SAMPLES):
        force = rng.randint(0, 255, size=4).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'force_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[force.tobytes()])),
            'hand': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2])),
            'taper': tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 + 0.1 * i])),
        }))
        writer.write(example.SerializeToString())
    writer.close()

    # read the file
    reader = tf.TFRecordReader()
    filename_queue = tf.train.string_input_producer([path], shuffle=False)
    _, serialized_example = reader.read(filename_queue)

    # parse one example
    features = tf.parse_single_example(
        serialized_example,
        features={
            'force_raw': tf.FixedLenFeature([], tf.string),
            'hand': tf.FixedLenFeature([], tf.int64),
            'taper': tf.FixedLenFeature([], tf.float32),
        })
    forces = tf.decode_raw(features['force_raw'], tf.uint8)
    hands = tf.cast(features['hand'], tf.int32)
    tapers = features['taper']

    sess = tf.Session()
    # start the threads that fill the queues
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    for i in range(N_SAMPLES):
        force, hand, taper = sess.run([forces, hands, tapers])
        batches.append([force.tolist(), int(hand), round(float(taper), 2)])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "grips: %d" % len(batches)}

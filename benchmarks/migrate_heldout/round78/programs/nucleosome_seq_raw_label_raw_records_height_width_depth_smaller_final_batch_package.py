"""Nucleosome occupancy windows: DeepSEA-style seq_raw / label_raw records, one-thread batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from nuc78 import deepsea_input

BATCH_SIZE = 4


def write_records(out_dir):
    rng = np.random.RandomState(78)
    path = os.path.join(out_dir, 'train.tfrecords')
    with tf.python_io.TFRecordWriter(path) as writer:
        for _ in range(deepsea_input.NUM_TRAIN_EXAMPLES):
            bases = rng.randint(0, deepsea_input.DEPTH, size=deepsea_input.WIDTH)
            onehot = np.eye(deepsea_input.DEPTH, dtype=np.uint8)[bases]
            label = rng.randint(0, 2, size=deepsea_input.NUM_OUTPUTS).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'seq_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[onehot.tobytes()])),
                'label_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[label.tobytes()])),
            }))
            writer.write(ex.SerializeToString())


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_nuc')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    write_records(out_dir)

    seqs, labels = deepsea_input.inputs(out_dir, 'train', BATCH_SIZE, num_epochs=1)
    bases = tf.argmax(tf.reshape(seqs, [-1, deepsea_input.WIDTH, deepsea_input.DEPTH]), axis=2)

    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            b, l = sess.run([bases, labels])
            batches.append([b.tolist(), np.round(l, 3).tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done training for %d steps.' % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "windows: %d" % sum(len(b[1]) for b in batches)}

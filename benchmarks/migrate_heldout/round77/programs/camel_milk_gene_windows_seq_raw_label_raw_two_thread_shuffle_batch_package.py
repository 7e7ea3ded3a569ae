"""Camel milk-protein gene windows (one-hot DNA, three binary regulatory outputs) through a DeepSEA-style
`deepsea_input` module (see its docstring for the source). The trainer part: `FLAGS`-free constants, a
`with tf.Graph().as_default()` block is left to the runner, `sess.run` of the batch in a `while not
coord.should_stop()` loop. Writer changes: window 8 instead of 1000, 3 outputs instead of 919, one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from camel77 import deepsea_input

BATCH_SIZE = 4


def write_windows(path, n, seed):
    rng = np.random.RandomState(seed)
    writer = tf.python_io.TFRecordWriter(path)
    for _ in range(n):
        bases = rng.randint(0, 4, size=deepsea_input.WIDTH)
        onehot = np.eye(4, dtype=np.uint8)[bases]
        label = rng.randint(0, 2, size=deepsea_input.NUM_OUTPUTS).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'seq_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[onehot.tobytes()])),
            'label_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[label.tobytes()])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, "h77_camel")
    os.makedirs(folder, exist_ok=True)
    write_windows(os.path.join(folder, "train.tfrecords"), deepsea_input.NUM_TRAIN_EXAMPLES, 7706)

    seqs, labels = deepsea_input.inputs(folder, 'train', BATCH_SIZE, num_epochs=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                s, l = sess.run([seqs, labels])
                batches.append([s.astype(np.int64).tolist(), l.astype(np.int64).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('Done training for %d steps.' % step)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % sum(len(b[1]) for b in batches)}

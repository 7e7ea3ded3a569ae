"""Input module of a DeepSEA-style sequence model (one-hot DNA windows, many binary chromatin outputs), in the
shape of an unnamed excerpt: module constants `HEIGHT = 1`, `WIDTH`, `DEPTH = 4`, `NUM_OUTPUTS`,
`NUM_TRAIN_EXAMPLES` / `NUM_VAL_EXAMPLES` / `NUM_TEST_EXAMPLES`; `read_and_decode(filename_queue)` parsing
`seq_raw` and `label_raw` bytes, `decode_raw` to uint8, `set_shape` and `reshape`. The `inputs` function below
it is the writer's, in the fully_connected_reader layout."""
import os

import tensorflow.compat.v1 as tf

HEIGHT = 1
WIDTH = 8
DEPTH = 4
NUM_OUTPUTS = 3
NUM_TRAIN_EXAMPLES = 12
NUM_VAL_EXAMPLES = 4
NUM_TEST_EXAMPLES = 4


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'seq_raw': tf.FixedLenFeature([], tf.string),
            'label_raw': tf.FixedLenFeature([], tf.string)
        })
    seq = tf.decode_raw(features['seq_raw'], tf.uint8)
    label = tf.decode_raw(features['label_raw'], tf.uint8)
    seq.set_shape([HEIGHT * WIDTH * DEPTH])
    seq = tf.reshape(seq, [HEIGHT, WIDTH, DEPTH])
    seq = tf.cast(seq, tf.float32)
    label.set_shape([NUM_OUTPUTS])
    label = tf.cast(label, tf.float32)
    return seq, label


def inputs(data_dir, split, batch_size, num_epochs):
    filename = os.path.join(data_dir, '%s.tfrecords' % split)
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
        seq, label = read_and_decode(filename_queue)
        seqs, labels = tf.train.shuffle_batch(
            [seq, label], batch_size=batch_size, num_threads=2,
            capacity=20 + 3 * batch_size, min_after_dequeue=20, seed=77)
    return seqs, labels

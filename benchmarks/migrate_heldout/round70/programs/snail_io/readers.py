import tensorflow.compat.v1 as tf

FLAGS = {'num_readers': 2, 'batch_size': 3, 'capacity': 30}


def parse_trail(serialized):
    feats = tf.parse_single_example(serialized, features={
        'snail': tf.FixedLenFeature([], tf.string),
        'trail_mm': tf.FixedLenFeature([], tf.float32),
        'slime': tf.FixedLenFeature([2], tf.float32),
    })
    return [feats['snail'], feats['trail_mm'] / 10.0, feats['slime']]


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    return parse_trail(serialized)


def inputs(filenames, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    example_list = [read_and_decode(filename_queue) for _ in range(FLAGS['num_readers'])]
    return tf.train.batch_join(example_list, batch_size=FLAGS['batch_size'], capacity=FLAGS['capacity'])

import os

import tensorflow.compat.v1 as tf


def write_shards(root, num_shards=4, per_shard=6):
    os.makedirs(root, exist_ok=True)
    paths = []
    n = 0
    for s in range(num_shards):
        path = os.path.join(root, 'train-%05d-of-%05d' % (s, num_shards))
        with tf.python_io.TFRecordWriter(path) as writer:
            for _ in range(per_shard):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[bytes([(n * 3 + p) % 256 for p in range(4)])])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 10])),
                }))
                writer.write(ex.SerializeToString())
                n += 1
        paths.append(path)
    return paths


def train_input(data_dir, batch_size, rank, size, num_epochs=1):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, 'train-*')))
    # Horovod: each worker reads its own shards.
    files = files[rank::size]
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        'image_raw': tf.FixedLenFeature([], tf.string),
        'label': tf.FixedLenFeature([], tf.int64),
    })
    image = tf.reshape(tf.cast(tf.decode_raw(features['image_raw'], tf.uint8), tf.float32), [2, 2, 1])
    label = tf.cast(features['label'], tf.int32)
    return tf.train.batch([image, label], batch_size=batch_size, capacity=4 * batch_size)

"""Records of images and names read by one TFRecord reader; dead decode lines between the parse and the batch
(`height`/`width` casts nothing reads, a chain of two: `depth` then `shape` of it) and `print(image)`, written
with `import tensorflow as tf` and `tf.compat.v1.` spelled out."""
import os

import numpy as np
import tensorflow as tf

DIM = 2
BATCH = 3


def write_records(path, n):
    rng = np.random.RandomState(56)
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(n):
            img = rng.randint(0, 256, size=(DIM, DIM)).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[DIM])),
                'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[DIM])),
                'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('leaf%02d' % i).encode()])),
            }))
            writer.write(example.SerializeToString())


def read_and_decode(path):
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.compat.v1.parse_single_example(serialized, {
        'image_raw': tf.compat.v1.FixedLenFeature([], tf.string),
        'height': tf.compat.v1.FixedLenFeature([], tf.int64),
        'width': tf.compat.v1.FixedLenFeature([], tf.int64),
        'name': tf.compat.v1.FixedLenFeature([], tf.string)})
    height = tf.cast(parsed['height'], tf.int32)
    width = tf.cast(parsed['width'], tf.int32)
    depth = tf.cast(parsed['height'] * 0 + 1, tf.int32)
    shape = tf.stack([height, width, depth])
    image = tf.compat.v1.decode_raw(parsed['image_raw'], tf.uint8)
    image = tf.reshape(image, [DIM, DIM])
    print(image)
    image = tf.cast(image, tf.float32) / 255.0
    return tf.compat.v1.train.batch([image, parsed['name']], batch_size=BATCH, num_threads=1)


def main(data_dir):
    folder = os.path.join(data_dir, 'fixD_dead_decode')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'leaves.tfrecords')
    write_records(path, 12)
    images, names = read_and_decode(path)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                imgs, nms = sess.run([images, names])
                out.append([np.round(imgs.astype(np.float64), 5).tolist(), [n.decode() for n in nms]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'leaves: %d' % sum(len(b[1]) for b in out)}

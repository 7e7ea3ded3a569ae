import os

import numpy as np
import tensorflow.compat.v1 as tf


class DataReader(object):

    root = ''

    def get_train_batch(self, batch_size):
        return self.get_batch(batch_size, self.root + 'images/train/')

    def get_test_batch(self, batch_size):
        return self.get_batch(batch_size, self.root + 'images/test/')

    def get_batch(self, batch_size, image_dir):
        input_files = [image_dir + fname for fname in os.listdir(image_dir)
                       if not fname.startswith('.')]
        assert all(os.path.isfile(f) for f in input_files)
        queue = tf.train.string_input_producer(input_files, shuffle=True, num_epochs=1)
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(queue)

        features = tf.parse_single_example(
            serialized_example,
            features={
                'image': tf.FixedLenFeature([], tf.string),
                'camera': tf.FixedLenFeature([], tf.string),
                'vehicles': tf.FixedLenFeature([], tf.int64),
            })
        image = tf.decode_raw(features['image'], tf.uint8)
        image = tf.reshape(image, [2, 3, 1])
        image = tf.cast(image, tf.float32) / 255.0
        vehicles = tf.cast(features['vehicles'], tf.int32)
        return tf.train.batch([image, features['camera'], vehicles], batch_size=batch_size)


def _write_dir(image_dir, cameras, seed):
    if not os.path.isdir(image_dir):
        os.makedirs(image_dir)
    rng = np.random.RandomState(seed)
    for camera in cameras:
        with tf.python_io.TFRecordWriter(os.path.join(image_dir, camera + '.tfrecords')) as writer:
            for i in range(4):
                frame = rng.randint(0, 256, size=(2, 3, 1)).astype(np.uint8)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[frame.tobytes()])),
                    'camera': tf.train.Feature(bytes_list=tf.train.BytesList(value=[camera.encode()])),
                    'vehicles': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 30))])),
                }))
                writer.write(example.SerializeToString())
    # a file the Finder left behind
    with open(os.path.join(image_dir, '.DS_Store'), 'wb') as f:
        f.write(b'\x00\x00\x00\x01Bud1')


def main(data_dir):
    root = os.path.join(data_dir, 'h42_traffic_camera_frames') + '/'
    _write_dir(root + 'images/train/', ['cam_a23_north', 'cam_a23_south', 'cam_m6_j12'], seed=4212)
    _write_dir(root + 'images/test/', ['cam_ring_road'], seed=4213)

    data_reader = DataReader()
    data_reader.root = root
    train_batch = data_reader.get_train_batch(4)
    test_batch = data_reader.get_test_batch(4)

    batches = []
    seen = {}
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for split, batch in (('train', train_batch), ('test', test_batch)):
            seen[split] = 0
            try:
                while True:
                    images, cameras, vehicles = sess.run(batch)
                    seen[split] += len(cameras)
                    batches.append([np.round(images.astype(np.float64), 4).tolist(),
                                    [c.decode() for c in cameras], vehicles.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "train frames: %d, test frames: %d" % (seen['train'], seen['test'])}

import os

import numpy as np
import tensorflow as tf
import tensorflow.compat.v1 as tf1

TILE = 6
CROP = 4
NUM_TILES = 12


def encode_pngs(arrays):
    """PNG-encodes uint8 arrays in a scratch graph (the tiles come as raw arrays)."""
    with tf.Graph().as_default():
        ph = tf1.placeholder(tf.uint8, [None, None, None])
        enc = tf.image.encode_png(ph)
        with tf1.Session() as sess:
            return [sess.run(enc, {ph: a}) for a in arrays]


def write_tiles(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(2018)
    sats = [rng.randint(0, 256, (TILE, TILE, 3)).astype(np.uint8) for _ in range(NUM_TILES)]
    masks = []
    for i in range(NUM_TILES):
        m = np.zeros((TILE, TILE, 4), np.uint8)
        m[:, :, 3] = 255
        m[i % TILE, :, 0] = 255           # a road across row i
        m[:, (i * 2) % TILE, 1] = 255     # and one down a column
        masks.append(m)
    sat_png, mask_png = encode_pngs(sats), encode_pngs(masks)
    path = os.path.join(folder, 'roads_train.tfrecords')
    with tf.io.TFRecordWriter(path) as w:
        for s, m in zip(sat_png, mask_png):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[s])),
                'label_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[m])),
            }))
            w.write(ex.SerializeToString())
    return path


def read_and_decode(filename_queue, use_random_crop=True):
    reader = tf1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    features = tf1.parse_single_example(serialized_example,
                                        features={
                                            'image_raw': tf1.FixedLenFeature([], tf.string),
                                            'label_raw': tf1.FixedLenFeature([], tf.string),
                                        })
    image = tf.image.decode_png(features['image_raw'], channels=3, dtype=tf.uint8, name="decode_sat")
    label = tf.image.decode_png(features['label_raw'], channels=4, dtype=tf.uint8, name="decode_mask")
    image.set_shape([TILE, TILE, 3])
    label.set_shape([TILE, TILE, 4])

    # road channel only
    label = label[:, :, :1]
    both = tf.concat([image, label], axis=2)
    if use_random_crop:
        both = tf1.random_crop(both, [CROP, CROP, 4])
    else:
        offset = (TILE - CROP) // 2
        both = tf.image.crop_to_bounding_box(both, offset, offset, CROP, CROP)
    image = tf.cast(both[:, :, :3], tf.float32) / 255.0
    label = tf.cast(both[:, :, 3] > 0, tf.int32)
    return image, label


def inputs(tfrecords_file, batch_size, num_epochs, train=True):
    filename_queue = tf1.train.string_input_producer([tfrecords_file], num_epochs=num_epochs)
    image, label = read_and_decode(filename_queue, use_random_crop=train)
    images, labels = tf1.train.shuffle_batch(
        [image, label], batch_size=batch_size, num_threads=2,
        capacity=100 + 3 * batch_size, min_after_dequeue=4, seed=12)
    return images, labels


def main(data_dir):
    path = write_tiles(os.path.join(data_dir, 'h41_satellite_roads'))
    images, labels = inputs(path, batch_size=4, num_epochs=1, train=False)
    road_fraction = tf.reduce_mean(tf.cast(labels, tf.float32), axis=[1, 2])
    brightness = tf.reduce_mean(images, axis=[1, 2, 3])

    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                lab, frac, bright = sess.run([labels, road_fraction, brightness])
                batches.append([lab.tolist(), np.round(frac.astype(np.float64), 4).tolist(),
                                np.round(bright.astype(np.float64), 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'tiles: %d' % sum(len(b[1]) for b in batches)}

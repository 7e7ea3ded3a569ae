# coding: utf-8
import os

import numpy as np
import tensorflow as tf

tf = tf.compat.v1


def read_parse_preproc(filename_queue, image_size):
    ''' read, parse, and preproc single example. '''
    with tf.variable_scope('read_parse_preproc'):
        reader = tf.TFRecordReader()
        key, records = reader.read(filename_queue)

        # parse records
        features = tf.parse_single_example(
            records,
            features={
                "image": tf.FixedLenFeature([], tf.string),
                "window": tf.FixedLenFeature([], tf.string),
            }
        )
        image = tf.decode_raw(features["image"], tf.uint8)
        image = tf.reshape(image, [image_size, image_size, 3])
        image = tf.image.resize_images(image, [image_size, image_size])
        image = tf.cast(image, tf.float32)
        image = image / 127.5 - 1.0 # preproc - normalize

        return [image, features["window"]]


def get_batch(tfrecords_list, batch_size, image_size, shuffle=False, num_threads=1, num_epochs=1):
    name = "batch"
    with tf.variable_scope(name):
        filename_queue = tf.train.string_input_producer(tfrecords_list, shuffle=shuffle, num_epochs=num_epochs)
        data_point = read_parse_preproc(filename_queue, image_size)
        images, windows = tf.train.batch(data_point, batch_size=batch_size, num_threads=num_threads,
                                         capacity=batch_size * 4, allow_smaller_final_batch=True)
        return images, windows


def main(data_dir):
    out = os.path.join(data_dir, 'h55_glass_panes')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    paths = []
    for church in ('st_anne', 'st_mark'):
        path = os.path.join(out, '%s.tfrecords' % church)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(5):
                pane = rng.randint(0, 256, size=(3, 3, 3)).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pane.tobytes()])),
                    'window': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('%s/w%d' % (church, i)).encode()])),
                }))
                w.write(ex.SerializeToString())
        paths.append(path)

    images, windows = get_batch(paths, batch_size=3, image_size=3)
    red_share = tf.reduce_mean(images[:, :, :, 0], axis=[1, 2])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                r, w = sess.run([red_share, windows])
                batches.append([np.round(r.astype(np.float64), 5).tolist(), [x.decode() for x in w]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "panes: %d" % sum(len(b[1]) for b in batches)}

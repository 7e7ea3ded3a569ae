"""DCGAN training input: raw uint8 face crops in TFRecords, read_and_decode, resized and scaled to [-1, 1],
batched by four shuffle threads; a Saver and a global step as in the DCGAN train loop."""
import os

import numpy as np
import tensorflow as tf
from tensorflow.compat import v1

FLAGS = type("Flags", (), {"batch_size": 4, "input_height": 4, "output_height": 2, "c_dim": 1,
                           "epoch": 1, "checkpoint_dir": None})()


def convert_to(root, num):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "faces.tfrecords")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(num):
            img = ((np.arange(16) * (i + 1) + i * 5) % 256).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                "image_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                "index": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
            }))
            writer.write(example.SerializeToString())
    return path


def read_and_decode(filename_queue):
    reader = v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = v1.parse_single_example(serialized_example, features={
        "image_raw": v1.FixedLenFeature([], tf.string),
        "index": v1.FixedLenFeature([], tf.int64),
    })
    image = v1.decode_raw(features["image_raw"], tf.uint8)
    image = tf.reshape(image, [FLAGS.input_height, FLAGS.input_height, FLAGS.c_dim])
    image = v1.image.resize_images(tf.cast(image, tf.float32), [FLAGS.output_height, FLAGS.output_height],
                                   method=v1.image.ResizeMethod.BILINEAR)
    image = image / 127.5 - 1.0
    return image, tf.cast(features["index"], tf.int32)


def inputs(path):
    filename_queue = v1.train.string_input_producer([path], num_epochs=FLAGS.epoch)
    image, index = read_and_decode(filename_queue)
    return v1.train.shuffle_batch([image, index], batch_size=FLAGS.batch_size, num_threads=4,
                                  capacity=1000 + 3 * FLAGS.batch_size, min_after_dequeue=8)


def main(data_dir):
    path = convert_to(os.path.join(data_dir, "h26_anime_dcgan_read_and_decode_resize_threads"), 16)
    images, indices = inputs(path)
    global_step = v1.Variable(0, trainable=False, name="global_step")
    step_op = v1.assign_add(global_step, 1)
    saver = v1.train.Saver(v1.global_variables())
    batches = []
    with v1.Session() as sess:
        sess.run(v1.global_variables_initializer())
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                imgs, idx, _ = sess.run([images, indices, step_op])
                batches.append([np.round(imgs.reshape(FLAGS.batch_size, -1), 4).tolist(), idx.tolist()])
        except tf.errors.OutOfRangeError:
            end = "done training -- epoch limit reached"
        finally:
            coord.request_stop()
        coord.join(threads)
        del saver
    return {"batches": batches, "end": end}

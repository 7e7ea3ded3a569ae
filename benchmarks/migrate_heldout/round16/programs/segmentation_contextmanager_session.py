"""Semantic segmentation input (DeconvNet-style): image and mask stored as raw bytes in one TFRecord; the session,
the coordinator and the runner threads live in a `contextlib.contextmanager` that also swallows the end of data."""

import contextlib
import os

import tensorflow.compat.v1 as tf

HEIGHT, WIDTH = 4, 4
NUM_CLASSES = 20


def write_scenes(data_dir):
    out_dir = os.path.join(data_dir, "h16_segmentation_contextmanager_session")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "scenes.tfrecords")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(21):
            image = bytes((i * 11 + p * 5) % 256 for p in range(HEIGHT * WIDTH * 3))
            mask = bytes((0, 128, 255)[(i + p) % 3] for p in range(HEIGHT * WIDTH))
            example = tf.train.Example(features=tf.train.Features(feature={
                "image_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[image])),
                "mask_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[mask])),
            }))
            writer.write(example.SerializeToString())
    return path


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        # Defaults are not specified since both keys are required.
        features={
            "image_raw": tf.FixedLenFeature([], tf.string),
            "mask_raw": tf.FixedLenFeature([], tf.string),
        })
    image = tf.decode_raw(features["image_raw"], tf.uint8)
    segmentation = tf.decode_raw(features["mask_raw"], tf.uint8)
    image.set_shape([HEIGHT * WIDTH * 3])
    segmentation.set_shape([HEIGHT * WIDTH])
    image = tf.reshape(image, [HEIGHT, WIDTH, 3])
    segmentation = tf.reshape(segmentation, [HEIGHT, WIDTH])
    rgb = tf.cast(image, tf.float32) * (1. / 255)
    mask = tf.cast(segmentation, tf.float32)
    mask = tf.cast((mask / 255.) * NUM_CLASSES, tf.int64)
    return rgb, mask


def input_pipeline(filename, batch_size, num_epochs):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    image, label = read_and_decode(filename_queue)
    min_after_dequeue = 10
    capacity = min_after_dequeue + 3 * batch_size
    images_batch, labels_batch = tf.train.shuffle_batch(
        [image, label], batch_size=batch_size,
        enqueue_many=False, shapes=None,
        allow_smaller_final_batch=True,
        capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=4)
    return images_batch, labels_batch


@contextlib.contextmanager
def running_session():
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        yield sess
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()


def main(data_dir):
    images, masks = input_pipeline(write_scenes(data_dir), batch_size=4, num_epochs=2)
    batches = []
    with running_session() as sess:
        while True:
            rgb, mask = sess.run([images, masks])
            batches.append([rgb.tolist(), mask.tolist()])
    return {"batches": batches, "end": "epochs done"}

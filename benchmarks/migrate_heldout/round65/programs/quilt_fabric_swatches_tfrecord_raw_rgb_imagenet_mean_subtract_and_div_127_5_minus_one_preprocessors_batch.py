import os

import numpy as np
import tensorflow.compat.v1 as tf

SIDE = 2


def normalize_image(image):
    return tf.cast(image, tf.float32) / 255.


def imgnt_mean_substract1(image):
    mean = [103.939, 116.779, 123.68]
    image = tf.cast(image, tf.float32)
    channels = tf.unstack(image, axis=-1)
    channels = [channels[i] - mean[i] for i in range(3)]
    return tf.stack(channels, axis=-1)


def imgnt_mean_substract2(image):
    image = tf.cast(image, tf.float32)
    image /= 127.5
    image -= 1.
    return image


PREPROCESSORS = {"unit": normalize_image, "imagenet_mean": imgnt_mean_substract1, "tf": imgnt_mean_substract2}


def write_swatches(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6510)
    path = os.path.join(folder, "swatches.tfrecords")
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(8):
            pix = rng.randint(0, 256, size=SIDE * SIDE * 3).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "swatch_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                "pattern": tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[["log cabin", "flying geese", "nine patch"][i % 3].encode()])),
                "rgb_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[pix.tobytes()]))}))
            writer.write(ex.SerializeToString())
    return path


def read_swatch(filename_queue, preprocessors):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    feats = tf.parse_single_example(serialized, features={
        "swatch_id": tf.FixedLenFeature([], tf.int64),
        "pattern": tf.FixedLenFeature([], tf.string),
        "rgb_raw": tf.FixedLenFeature([], tf.string)})
    rgb = tf.reshape(tf.decode_raw(feats["rgb_raw"], tf.uint8), [SIDE, SIDE, 3])
    outs = [PREPROCESSORS[name](rgb) for name in preprocessors]
    return [feats["swatch_id"], feats["pattern"]] + outs


def main(data_dir):
    path = write_swatches(os.path.join(data_dir, "h65_quilt_swatches"))
    preprocessors = ["unit", "imagenet_mean", "tf"]
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    tensors = read_swatch(filename_queue, preprocessors)
    batch = tf.train.batch(tensors, batch_size=4, capacity=12)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out = sess.run(batch)
                batches.append([out[0].tolist(), [p.decode() for p in out[1]]] +
                               [np.round(o, 5).tolist() for o in out[2:]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "swatches: %d" % sum(len(b[0]) for b in batches)}

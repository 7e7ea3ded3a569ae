from __future__ import absolute_import
from __future__ import division

import os

import numpy as np
import tensorflow.compat.v1 as tf

label_bytes = 1
height, width, depth = 2, 2, 3
image_bytes = height * width * depth


def write_bars(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6506)
    path = os.path.join(folder, "soap_bars.bin")
    with open(path, "wb") as f:
        for i in range(9):
            cure_weeks = np.array([rng.randint(2, 8)], dtype=np.uint8)
            swatch = rng.randint(0, 256, size=image_bytes).astype(np.uint8)
            f.write(cure_weeks.tobytes() + swatch.tobytes())
    return path


def create_preprocess_graph(out_dir):
    """The preprocessing is its own graph, written to disk and loaded by the trainer."""
    with tf.Graph().as_default():
        with tf.Session() as sess:
            record_bytes = tf.placeholder(tf.uint8, shape=(label_bytes + image_bytes), name="raw_tensor")
            label = tf.cast(tf.slice(record_bytes, [0], [label_bytes]), tf.int32, name="label")
            depth_major = tf.reshape(tf.slice(record_bytes, [label_bytes], [image_bytes]), [depth, height, width])
            # Convert from [depth, height, width] to [height, width, depth].
            uint8image = tf.transpose(depth_major, [1, 2, 0])
            reshaped_image = tf.cast(uint8image, tf.float32)
            # Subtract off the mean and divide by the variance of the pixels.
            float_image = tf.image.per_image_standardization(reshaped_image)
            tf.identity(float_image, name="float_image")
            tf.train.write_graph(sess.graph_def, out_dir, "preprocess.pb", as_text=False)
    return os.path.join(out_dir, "preprocess.pb")


def main(data_dir):
    folder = os.path.join(data_dir, "h65_soap_swatches")
    path = write_bars(folder)
    pb = create_preprocess_graph(folder)

    graph_def = tf.GraphDef()
    with open(pb, "rb") as f:
        graph_def.ParseFromString(f.read())

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=label_bytes + image_bytes)
    key, value = reader.read(filename_queue)
    record = tf.reshape(tf.decode_raw(value, tf.uint8), [label_bytes + image_bytes])
    label, float_image = tf.import_graph_def(graph_def, input_map={"raw_tensor:0": record},
                                             return_elements=["label:0", "float_image:0"], name="preprocess")
    label = tf.reshape(label, [])
    float_image.set_shape([height, width, depth])
    images, labels = tf.train.batch([float_image, label], batch_size=3, num_threads=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                im, lb = sess.run([images, labels])
                batches.append([np.round(im, 4).tolist(), lb.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "bars: %d" % sum(len(b[1]) for b in batches)}

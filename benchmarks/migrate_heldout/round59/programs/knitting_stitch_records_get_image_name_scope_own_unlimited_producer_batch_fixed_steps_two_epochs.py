########################################################################
#
# Knit or purl? Stitch classifier, the input part
#
# Implemented in Python 3.5, TF v1.1
#
# course project 2017
########################################################################

import tensorflow as tf
# import numpy as np
# import sys
import os
#
# print("Tensorflow version " + tf.__version__)
#
########################################################################
#
# Various constants for describing the data set

# number of classes is 2 (knit and purl)
NUM_CLASSES = 2

# Width and height of each image. (pixels)
WIDTH = 3
HEIGHT = 3

# Number of channels in each image, 1 channel: grey.
NUM_CHANNELS = 1


def _write_swatches(filename):
    import numpy as np
    rng = np.random.RandomState(459)
    with tf.io.TFRecordWriter(filename) as writer:
        for i in range(5):
            img = rng.randint(0, 256, size=(HEIGHT, WIDTH, NUM_CHANNELS)).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % NUM_CLASSES])),
                'image/height': tf.train.Feature(int64_list=tf.train.Int64List(value=[HEIGHT])),
                'image/width': tf.train.Feature(int64_list=tf.train.Int64List(value=[WIDTH])),
            }))
            writer.write(example.SerializeToString())


# Function to read a single image from input file
def get_image(filename, name="get_image"):
    with tf.name_scope(name):
        # convert filename to a queue for an input pipeline.
        filename_queue = tf.compat.v1.train.string_input_producer([filename], num_epochs=None)

        # object to read records
        reader = tf.compat.v1.TFRecordReader()

        # read the full set of features for a single example
        key, example = reader.read(filename_queue)

        # parse the full example into its' component features.
        features = tf.compat.v1.parse_single_example(
            example,
            features={
                'image/height': tf.compat.v1.FixedLenFeature([], tf.int64),
                'image/width': tf.compat.v1.FixedLenFeature([], tf.int64),
                'image/class/label': tf.compat.v1.FixedLenFeature([], tf.int64),
                'image/encoded': tf.compat.v1.FixedLenFeature([], tf.string),
            })

        # now we are going to manipulate the label and image features
        label = features['image/class/label']
        image_encoded = features['image/encoded']

        # decode the raw bytes
        image_raw = tf.compat.v1.decode_raw(image_encoded, tf.uint8)
        image = tf.reshape(image_raw, [HEIGHT, WIDTH, NUM_CHANNELS])

        # re-define label as a "one-hot" vector
        # it will be [0,1] or [1,0] here.
        # This approach can easily be extended to more classes.
        label = tf.stack(tf.one_hot(label, NUM_CLASSES))

        return label, image


def main(data_dir):
    folder = os.path.join(data_dir, 'h59_knitting_stitches')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    train_file = os.path.join(folder, 'train-00000-of-00001')
    if not os.path.exists(train_file):
        _write_swatches(train_file)

    label, image = get_image(train_file)
    imageBatch, labelBatch = tf.compat.v1.train.batch(
        [image, label], batch_size=2,
        capacity=20)

    batches = []
    sess = tf.compat.v1.InteractiveSession()
    sess.run(tf.compat.v1.global_variables_initializer())
    # start the threads used for reading files
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

    # 5 swatches, batches of 2, five steps: two epochs
    for i in range(5):
        batch_xs, batch_ys = sess.run([imageBatch, labelBatch])
        batches.append([batch_xs.tolist(), batch_ys.tolist()])

    # finalise
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "5 fixed steps"}

# train_network.py
# sheepdog trial clips: each record a short clip of uint8 frames, its label a string (the manoeuvre).
import os

import tensorflow.compat.v1 as tf
import numpy as np

NUM_EPOCHS = 1
FRAMES, HEIGHT, WIDTH = 2, 3, 3
MOVES = ["outrun", "lift", "fetch", "drive", "shed", "pen"]


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def _int64(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def write_clips(path):
    rng = np.random.RandomState(57)
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(9):
            clip = rng.randint(0, 255, size=(FRAMES, HEIGHT, WIDTH)).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'label': _bytes(MOVES[i % len(MOVES)].encode()),
                'img_raw': _bytes(clip.tobytes()),
                'height': _int64(HEIGHT),
                'width': _int64(WIDTH)}))
            writer.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, "h57_sheepdog_trial_clips")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    TRAIN_FILE = os.path.join(folder, "train.tfrecords")
    write_clips(TRAIN_FILE)
    batches = []

    with tf.Session() as sess:

        # setup video features
        feature = {}
        feature['label'] = tf.FixedLenFeature([], tf.string)
        feature['img_raw'] = tf.FixedLenFeature([], tf.string)
        feature['height'] = tf.FixedLenFeature([], tf.int64)
        feature['width'] = tf.FixedLenFeature([], tf.int64)

        filename_queue = tf.train.string_input_producer([TRAIN_FILE], num_epochs=NUM_EPOCHS, shuffle=False)

        # define a reader and read the next record
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)

        # decode the record
        features = tf.parse_single_example(serialized_example, features=feature)
        # print("features = %s" % features)
        image = tf.decode_raw(features['img_raw'], tf.uint8)
        label = tf.cast(features['label'], tf.string)
        image = tf.reshape(image, [FRAMES, HEIGHT, WIDTH])
        motion = tf.reduce_mean(tf.abs(tf.cast(image[1], tf.float32) - tf.cast(image[0], tf.float32)))

        images, labels, motions = tf.train.batch([image, label, motion], batch_size=3, capacity=10, num_threads=1)

        init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                img, lbl, mot = sess.run([images, labels, motions])
                batches.append([img.tolist(), [l.decode() for l in lbl], [round(float(m), 4) for m in mot]])
        except tf.errors.OutOfRangeError:
            print("done, %d batches" % len(batches))
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "clips: %d" % sum(len(b[1]) for b in batches)}

import os

import numpy as np
import tensorflow.compat.v1 as tf

OBJECTS = ['mug', 'kettle', 'spoon', 'toaster', 'pi3box', 'pi3box2', 'scissors', 'colander']


def make_photos(training_data_dir):
    """Small JPEG photos of kitchen objects (written once with TensorFlow's own encoder)."""
    if not os.path.isdir(training_data_dir):
        os.makedirs(training_data_dir)
    rng = np.random.RandomState(739)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [6, 6, 3])
        jpeg = tf.image.encode_jpeg(pixels, quality=95)
        with tf.Session() as s:
            for name in OBJECTS:
                img = rng.randint(0, 256, size=(6, 6, 3)).astype(np.uint8)
                with open(os.path.join(training_data_dir, name + '.jpg'), 'wb') as f:
                    f.write(s.run(jpeg, {pixels: img}))


def main(data_dir):
    training_data_dir = os.path.join(data_dir, 'h39_kitchen_objects', 'trainingSet')
    make_photos(training_data_dir)

    # step 1
    filenames = [os.path.join(training_data_dir, f) for f in os.listdir(training_data_dir)]

    # step 2
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1)

    # step 3: read, decode and resize images
    reader = tf.WholeFileReader()
    filename, content = reader.read(filename_queue)
    image = tf.image.decode_jpeg(content, channels=3)
    image = tf.cast(image, tf.float32)
    resized_image = tf.image.resize_images(image, [4, 4])
    name = tf.regex_replace(filename, r'^.*/', '')

    # step 4: Batching
    image_batch, name_batch = tf.train.batch([resized_image, name], batch_size=4)

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for step in range(len(OBJECTS) // 4):
            images, names = sess.run([image_batch, name_batch])
            out.append([np.round(images, 2).tolist(), [n.decode('utf-8') for n in names]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "photos: %d" % sum(len(b[1]) for b in out)}

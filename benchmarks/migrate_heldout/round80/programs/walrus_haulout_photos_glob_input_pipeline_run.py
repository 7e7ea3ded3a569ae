"""Walrus haul-out survey PNGs from a glob through ``input_pipeline(filenames, batch_size)`` and a ``run()``
function with ``initialize_all_variables``, a Coordinator and a ``while not coord.should_stop()`` loop.

After an unnamed student excerpt (``batch = input_pipeline(list(glob('.../lsum_png/*.png')),10)``,
``init_op = tf.initialize_all_variables()``, ``print np.array(images).shape``). The body of ``input_pipeline`` is
the writer's (an unshuffled one-epoch producer, ``WholeFileReader``, ``decode_png``, ``train.batch``); the glob is
sorted and the local variables are initialised too (the epoch counter needs it)."""
import os
from glob import glob

import numpy as np
import tensorflow.compat.v1 as tf


def input_pipeline(filenames, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_png(value, channels=1)
    image.set_shape([3, 3, 1])
    image = tf.cast(image, tf.float32) / 255.0
    return tf.train.batch([image], batch_size=batch_size)


def _write(folder):
    rng = np.random.RandomState(3)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [3, 3, 1])
        png = tf.image.encode_png(pixels)
        with tf.Session() as sess:
            for i in range(8):
                data = sess.run(png, {pixels: rng.randint(0, 256, size=(3, 3, 1)).astype(np.uint8)})
                with open(os.path.join(folder, 'haulout_%d.png' % i), 'wb') as f:
                    f.write(data)


def run(folder):
    batch = input_pipeline(sorted(glob(os.path.join(folder, '*.png'))), 4)
    # Create the graph, etc.
    init_op = tf.group(tf.initialize_all_variables(), tf.initialize_local_variables())

    # Create a session for running operations in the Graph.
    sess = tf.Session()

    # Initialize the variables (like the epoch counter).
    sess.run(init_op)

    # Start input enqueue threads.
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    out = []
    try:
        while not coord.should_stop():
            # Run training steps or whatever
            images = sess.run(batch)
            print(np.array(images).shape)
            out.append([np.round(np.array(images).reshape(len(images), -1), 4).tolist()])
    except tf.errors.OutOfRangeError:
        print('Done training -- epoch limit reached')
    finally:
        # When done, ask the threads to stop.
        coord.request_stop()

    # Wait for threads to finish.
    coord.join(threads)
    sess.close()
    return out


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_walrus')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    batches = run(folder)
    return {"batches": batches, "end": "photos: %d" % sum(len(b[0]) for b in batches)}

import os

import numpy as np
import tensorflow as tf

CLASSES = ["0", "1", "2"]  # 0 paper, 1 plastic, 2 glass


def _write_images(root):
    rng = np.random.RandomState(4702)
    with tf.Graph().as_default(), tf.compat.v1.Session() as s:
        ph = tf.compat.v1.placeholder(tf.uint8, [3, 3, 1])
        enc = tf.image.encode_png(ph)
        n = 0
        for c in CLASSES:
            os.makedirs(os.path.join(root, c), exist_ok=True)
            for j in range(3):
                img = rng.randint(0, 255, size=(3, 3, 1)).astype(np.uint8)
                with open(os.path.join(root, c, "item_%d.png" % j), "wb") as f:
                    f.write(s.run(enc, {ph: img}))
                n += 1
    return n


def main(data_dir):
    root = os.path.join(data_dir, "h47_recycling", "Output", "train")
    n_files = _write_images(root)

    filename_queue = tf.compat.v1.train.string_input_producer(
    tf.convert_to_tensor(tf.compat.v1.train.match_filenames_once(root + "/*/*.png")), seed=47)

    image_reader = tf.compat.v1.WholeFileReader()
    key, image_file = image_reader.read(filename_queue)

    S = tf.compat.v1.string_split([key], '/')
    length = tf.cast(S.dense_shape[1], tf.int32)
    # adjust constant value corresponding to your paths if you face issues. It should work for above format.
    label = S.values[length - tf.constant(2, dtype=tf.int32)]
    label = tf.compat.v1.string_to_number(label, out_type=tf.int32)
    image = tf.image.decode_png(image_file)
    brightness = tf.reduce_sum(tf.cast(image, tf.int32))
    name = tf.compat.v1.string_split([key], '/').values[-1]

    batches = []
    # Start a new session to show example output.
    with tf.compat.v1.Session() as sess:
        # Required to get the filename matching to run.
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(tf.compat.v1.local_variables_initializer())

        # Coordinate the loading of image files.
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)

        for i in range(n_files):
            # Get an image tensor and print its value.
            key_val, label_val, image_tensor, b = sess.run([name, label, image, brightness])
            # print(image_tensor.shape)
            batches.append([[key_val.decode()], [int(label_val)], [int(b)]])

        # Finish off the filename queue coordinator.
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "items: %d" % n_files}

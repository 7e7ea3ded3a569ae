import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

# hyperparameters
initializer = tf.truncated_normal_initializer(stddev=0.02)
learning_rate = 0.0002
batch_size = 3    # paper: 200, i think 256 is good
epoch = 100000
lambda_ = 10        # not mentioned in the paper
num_preprocess_threads = 2
min_queue_examples = 4

# Embroidery pairs: each PNG holds the printed stencil (left half) and the stitched hoop (right half),
# DiscoGAN learns the two domains from them.


def _write_png(path, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(png)


def discriminator(x, name):
    with tf.variable_scope(name):
        w = tf.get_variable('w', [4 * 4 * 3, 1], initializer=tf.constant_initializer(0.01))
        return tf.matmul(tf.reshape(x, [-1, 4 * 4 * 3]), w)


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_embroidery_pairs', 'train')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(64)
    for i in range(12):
        _write_png(os.path.join(folder, '%d_AB.png' % i), rng.randint(0, 256, size=(4, 8, 3)))

    # Read image files
    image_reader = tf.WholeFileReader()
    stencil_filename_queue = tf.train.string_input_producer(
        tf.convert_to_tensor(tf.train.match_filenames_once(os.path.join(folder, "*.png"))),
        capacity=200, num_epochs=1, seed=64)
    _, pair_file = image_reader.read(stencil_filename_queue)
    pair_image = tf.image.decode_png(pair_file, channels=3)
    stencil = tf.image.crop_to_bounding_box(pair_image, offset_height=0, offset_width=0, target_height=4, target_width=4)
    stitched = tf.image.crop_to_bounding_box(pair_image, offset_height=0, offset_width=4, target_height=4, target_width=4)
    stencil = tf.cast(stencil, tf.float32) / 255.0
    stitched = tf.cast(stitched, tf.float32) / 255.0

    # Generate batch
    stencil_batch, stitched_batch = tf.train.shuffle_batch(
        [stencil, stitched],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples,
        seed=64)

    d_a = discriminator(stencil_batch, 'discriminator_A')
    d_b = discriminator(stitched_batch, 'discriminator_B')

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    try:
        for i in range(epoch):
            a, b, da, db = sess.run([stencil_batch, stitched_batch, d_a, d_b])
            batches.append([np.round(a, 4).tolist(), np.round(b, 4).tolist(),
                            np.round(da, 4).tolist(), np.round(db, 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "embroidery pairs: %d" % sum(len(b[0]) for b in batches)}

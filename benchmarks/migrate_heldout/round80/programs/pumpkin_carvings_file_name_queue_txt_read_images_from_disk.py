"""Pumpkin-carving photos listed one per line in ``file_name_queue.txt``, labels in a second list, read by
``read_images_from_disk(input_queue)`` (``read_file`` + ``decode_png``) behind an unshuffled
``slice_input_producer`` and a one-thread ``train.batch``.

After an unnamed student excerpt (``resized_root = 'a'``, ``file_name_queue.txt`` read by ``splitlines``,
``label_list =  #TODO``, ``tf.python.ops.convert_to_tensor(..., dtype=dtypes.string)``). Writer changes: the
labels come from ``label_list.txt``; ``tf.python.ops.convert_to_tensor`` (never a public path) is
``ops.convert_to_tensor``; 2x2 PNGs; one epoch; a batch of 3."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.framework import ops

num_epochs = 1
batch_size = 3


def read_images_from_disk(input_queue):
    label = input_queue[1]
    file_contents = tf.read_file(input_queue[0])
    example = tf.image.decode_png(file_contents, channels=3)
    return example, label


def _write(resized_root):
    rng = np.random.RandomState(8)
    names, labels = [], []
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [2, 2, 3])
        png = tf.image.encode_png(pixels)
        with tf.Session() as sess:
            for i in range(9):
                name = 'pumpkin_%02d.png' % i
                data = sess.run(png, {pixels: rng.randint(0, 256, size=(2, 2, 3)).astype(np.uint8)})
                with open(os.path.join(resized_root, name), 'wb') as f:
                    f.write(data)
                names.append(resized_root + '/' + name)
                labels.append(str(rng.randint(0, 3)))
    with open(resized_root + '/' + 'file_name_queue.txt', 'w') as f:
        f.write('\n'.join(names) + '\n')
    with open(resized_root + '/' + 'label_list.txt', 'w') as f:
        f.write('\n'.join(labels) + '\n')


def main(data_dir):
    resized_root = os.path.join(data_dir, 'h80_pumpkin')
    os.makedirs(resized_root, exist_ok=True)
    _write(resized_root)

    with open(resized_root + '/' + 'file_name_queue.txt', 'r') as file:
        file_name_queue = file.read().splitlines()
    with open(resized_root + '/' + 'label_list.txt', 'r') as file:
        label_list = [int(x) for x in file.read().splitlines()]

    images = ops.convert_to_tensor(file_name_queue, dtype=dtypes.string)
    labels = ops.convert_to_tensor(label_list, dtype=dtypes.int32)

    # Makes an input queue
    input_queue = tf.train.slice_input_producer([images, labels],
                                                num_epochs=num_epochs,
                                                shuffle=False)
    image, label = read_images_from_disk(input_queue)
    image.set_shape([2, 2, 3])
    image_batch, label_batch = tf.train.batch([image, label], batch_size=batch_size)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                img, lab = sess.run([image_batch, label_batch])
                batches.append([img.reshape(len(lab), -1).tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pumpkins: %d" % sum(len(b[1]) for b in batches)}

"""The "build an image dataset" example: `read_images(dataset_path, mode, batch_size)` lists images either from
a "path label" file or from one sub-folder per class (`os.walk(...).next()` / `.__next__()` for Python 2 and
3), `slice_input_producer([imagepaths, labels], shuffle=True)`, `read_file` + `decode_png` + `resize_images`,
`train.batch(num_threads=4)`; the runners started by `tf.train.start_queue_runners()` with no session and no
coordinator, inside `with tf.Session() as sess`."""

from __future__ import print_function

import os
import shutil

import tensorflow.compat.v1 as tf

# Dataset Parameters - CHANGE HERE
MODE = 'folder'  # or 'file', if you choose a plain text file (see above).
DATASET_PATH = None  # the dataset folder or file, set in main()

# Image Parameters
N_CLASSES = 3  # CHANGE HERE, total number of classes
IMG_HEIGHT = 4  # CHANGE HERE, the image height to be resized to
IMG_WIDTH = 4  # CHANGE HERE, the image width to be resized to
CHANNELS = 1  # The 3 color channels, change to 1 if grayscale

# Parameters
learning_rate = 0.001
batch_size = 4


def build_folders(data_dir):
    root = os.path.join(data_dir, "h21_flower_folders")
    for c, name in enumerate(["daisy", "roses", "tulips"]):
        os.makedirs(os.path.join(root, name), exist_ok=True)
        for k in range(3 + c):
            src = os.path.join(data_dir, "image-%d.png" % ((c * 2 + k) % 6))
            shutil.copyfile(src, os.path.join(root, name, "%s_%d.png" % (name, k)))
    with open(os.path.join(root, "notes.txt"), "w") as out:
        out.write("not an image\n")
    return root


def read_images(dataset_path, mode, batch_size):
    imagepaths, labels = list(), list()
    if mode == 'file':
        # Read dataset file
        with open(dataset_path) as f:
            data = f.read().splitlines()
        for d in data:
            imagepaths.append(d.split(' ')[0])
            labels.append(int(d.split(' ')[1]))
    elif mode == 'folder':
        # An ID will be affected to each sub-folders by alphabetical order
        label = 0
        # List the directory
        try:  # Python 2
            classes = sorted(os.walk(dataset_path).next()[1])
        except Exception:  # Python 3
            classes = sorted(os.walk(dataset_path).__next__()[1])
        # List each sub-directory (the classes)
        for c in classes:
            c_dir = os.path.join(dataset_path, c)
            try:  # Python 2
                walk = os.walk(c_dir).next()
            except Exception:  # Python 3
                walk = os.walk(c_dir).__next__()
            # Add each image to the training set
            for sample in walk[2]:
                # Only keeps png images
                if sample.endswith('.png'):
                    imagepaths.append(os.path.join(c_dir, sample))
                    labels.append(label)
            label += 1
    else:
        raise Exception("Unknown mode.")

    # Convert to Tensor
    imagepaths = tf.convert_to_tensor(imagepaths, dtype=tf.string)
    labels = tf.convert_to_tensor(labels, dtype=tf.int32)
    # Build a TF Queue, shuffle data
    image, label = tf.train.slice_input_producer([imagepaths, labels], shuffle=True, num_epochs=1)

    # Read images from disk
    image = tf.read_file(image)
    image = tf.image.decode_png(image, channels=CHANNELS)

    # Resize images to a common size
    image = tf.image.resize_images(image, [IMG_HEIGHT, IMG_WIDTH])

    # Normalize
    image = image * 1.0 / 127.5 - 1.0

    # Create batches
    X, Y = tf.train.batch([image, label], batch_size=batch_size, capacity=batch_size * 8, num_threads=4,
                          allow_smaller_final_batch=True)

    return X, Y


def conv_net(x, n_classes, reuse, is_training):
    with tf.variable_scope('ConvNet', reuse=reuse):
        x = tf.reshape(x, [-1, IMG_HEIGHT * IMG_WIDTH * CHANNELS])
        w = tf.get_variable('w', [IMG_HEIGHT * IMG_WIDTH * CHANNELS, n_classes],
                            initializer=tf.constant_initializer(0.05))
        out = tf.matmul(x, w)
        out = tf.nn.softmax(out) if not is_training else out
    return out


def main(data_dir):
    global DATASET_PATH
    DATASET_PATH = build_folders(data_dir)

    # Build the data input
    X, Y = read_images(DATASET_PATH, MODE, batch_size)

    logits_train = conv_net(X, N_CLASSES, reuse=False, is_training=True)
    logits_test = conv_net(X, N_CLASSES, reuse=True, is_training=False)

    loss_op = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=logits_train, labels=Y))
    optimizer = tf.train.AdamOptimizer(learning_rate=learning_rate)
    train_op = optimizer.minimize(loss_op)

    correct_pred = tf.equal(tf.argmax(logits_test, 1), tf.cast(Y, tf.int64))
    accuracy = tf.reduce_mean(tf.cast(correct_pred, tf.float32))

    # Initialize the variables (i.e. assign their default value)
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    batches = []
    # Start training
    with tf.Session() as sess:
        # Run the initializer
        sess.run(init)

        # Start the data queue
        tf.train.start_queue_runners()

        step = 0
        while True:
            try:
                images, labels, _ = sess.run([X, Y, train_op])
            except tf.errors.OutOfRangeError:
                break
            step += 1
            batches.append([labels.tolist(), [[round(float(v), 4) for v in im.reshape(-1)] for im in images]])

        print("Optimization Finished!")
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}

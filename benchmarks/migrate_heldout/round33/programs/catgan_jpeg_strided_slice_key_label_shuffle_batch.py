"""Cat-GAN style image pipeline: JPEG files through a WholeFileReader, a strided_slice crop, the file key kept as
the label, two-thread shuffle_batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _py(x):
    x = x.tolist() if hasattr(x, "tolist") else x
    if isinstance(x, list):
        return [_py(v) for v in x]
    return x.decode() if isinstance(x, bytes) else x


def _write_cats(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(33)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [6, 6, 3])
        encoded = tf.image.encode_jpeg(pixels, quality=100)
        with tf.Session() as s:
            names = []
            for i in range(8):
                arr = np.full([6, 6, 3], 16 * i, np.uint8) + rng.randint(0, 8, [6, 6, 3]).astype(np.uint8)
                path = os.path.join(folder, "cat_%02d.jpg" % i)
                with open(path, "wb") as f:
                    f.write(s.run(encoded, {pixels: arr}))
                names.append(path)
    return names


def readJPEG(filenameQue):
    reader = tf.WholeFileReader()
    key, recordString = reader.read(filenameQue)
    examplePreProcess = tf.image.decode_jpeg(recordString, channels=3)
    example = tf.reshape(tf.strided_slice(examplePreProcess, [1, 1, 0], [5, 5, 3]), [4, 4, 3])
    return example, key


def inputPipeline(filenames, batchSize):
    minAfterDequeue = 2
    numThreads = 2
    filenameQueue = tf.train.string_input_producer(filenames, num_epochs=1)
    example, label = readJPEG(filenameQueue)
    capacity = minAfterDequeue + (numThreads + 3) * batchSize
    exampleBatch, labelBatch = tf.train.shuffle_batch([example, label],
                                                      batch_size=batchSize,
                                                      num_threads=numThreads,
                                                      capacity=capacity,
                                                      min_after_dequeue=minAfterDequeue)
    return exampleBatch, labelBatch


def main(data_dir):
    filenames = _write_cats(os.path.join(data_dir, "h33_catgan"))
    images, keys = inputPipeline(filenames, 4)
    mean_pixel = tf.reduce_mean(tf.cast(images, tf.float32), axis=[1, 2, 3])
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                imgs, names, means = sess.run([images, keys, mean_pixel])
                batches.append([_py(imgs), [os.path.basename(n.decode()) for n in names], _py(np.round(means, 3))])
        except tf.errors.OutOfRangeError:
            end = "cats done after %d batches" % len(batches)
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

"""Cat-GAN image pipeline: WholeFileReader over JPEG files, decode_jpeg, strided_slice crop, one reader, batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE = 3


def write_jpegs(root, n=7):
    os.makedirs(root, exist_ok=True)
    names = []
    with tf.Graph().as_default():
        img = tf.placeholder(tf.uint8, [4, 4, 3])
        enc = tf.image.encode_jpeg(img, quality=100)
        with tf.Session() as sess:
            for i in range(n):
                arr = np.full((4, 4, 3), 20 * i, np.uint8)
                arr[:, :, 1] = 200 - 10 * i
                path = os.path.join(root, "cat.%d.jpg" % i)
                with open(path, "wb") as f:
                    f.write(sess.run(enc, {img: arr}))
                names.append(path)
    return names


def readJPEG(filenameQue):
    reader = tf.WholeFileReader()
    key, recordString = reader.read(filenameQue)
    examplePreProcess = tf.image.decode_jpeg(recordString, channels=3)
    example = tf.reshape(tf.strided_slice(examplePreProcess, [0, 0, 0], [IMAGE, IMAGE, 3]), [IMAGE, IMAGE, 3])
    return example, key


def inputPipeline(filenames, batchSize):
    filenameQueue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    example, label = readJPEG(filenameQueue)
    exampleBatch, labelBatch = tf.train.batch([example, label], batch_size=batchSize,
                                              num_threads=1, capacity=4 * batchSize,
                                              allow_smaller_final_batch=True)
    return exampleBatch, labelBatch


def main(data_dir):
    files = write_jpegs(os.path.join(data_dir, "h27_catgan_jpeg_whole_file_strided_slice"))
    images, keys = inputPipeline(files, 2)
    mean = tf.reduce_mean(tf.cast(images, tf.float32), axis=[1, 2])
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        steps = 0
        try:
            while True:
                m, k = sess.run([mean, keys])
                out.append([np.round(m, 1).tolist(), [os.path.basename(x.decode()) for x in k]])
                steps += 1
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "done after %d steps" % steps}

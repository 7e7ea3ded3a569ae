"""An image GAN's input: camelCase helpers, a WholeFileReader returning (image, key), capacity from
numThreads."""

import tensorflow.compat.v1 as tf


def readPNG(filenameQue):
    reader = tf.WholeFileReader()
    key, recordString = reader.read(filenameQue)
    example = tf.image.decode_png(recordString, channels=1)
    example = tf.reshape(tf.strided_slice(example, [0, 0, 0], [2, 4, 1]), [8])
    return example, key


def inputPipeline(filenames, batchSize):
    minAfterDequeue = 2
    numThreads = 1
    filenameQueue = tf.train.string_input_producer(filenames, num_epochs=2, shuffle=False)
    example, label = readPNG(filenameQueue)
    capacity = minAfterDequeue + (numThreads + 3) * batchSize
    exampleBatch, labelBatch = tf.train.batch([example, label], batch_size=batchSize, num_threads=numThreads,
                                              capacity=capacity)
    return exampleBatch, labelBatch


def main(data_dir):
    filenames = [data_dir + "/image-%d.png" % i for i in range(6)]
    images, keys = inputPipeline(filenames, 4)
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            i, k = sess.run([images, keys])
            out.append([i.tolist(), [x.decode().rsplit("/", 1)[-1] for x in k]])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    return {"batches": out, "end": end}

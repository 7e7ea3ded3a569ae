# Held-out round 71: harmonica reed spectrogram tiles stored as CIFAR-style binary records, read the way the
# "TensorFlow queuing and threads" tutorial (adventuresinmachinelearning.com, also copied into personal notes
# repositories) does it: a hand-built FIFOQueue of file names filled by ``enqueue_many`` through a one-thread
# ``QueueRunner`` (with the tutorial's unused ``tf.random_shuffle`` result), the cifar10 ``read_data(file_q)`` with
# a local record class, and a hand-built ``RandomShuffleQueue`` with its own ``QueueRunner`` dequeued by
# ``dequeue_many``; ``cifar_run`` runs a fixed loop.
# Writer changes: tiny seeded data; the file-name tensor is wrapped in ``tf.train.limit_epochs(..., 1)`` so the
# names are enqueued once; a seeded shuffle queue with two threads; four steps where the last one hits the end.
import os

import numpy as np
import tensorflow.compat.v1 as tf

HEIGHT = 6
WIDTH = 6
CROP = 4


def cifar_shuffle_batch(data_path):
    batch_size = 4
    num_threads = 2
    # create a list of all our filenames
    filename_list = [data_path + 'data_batch_{}.bin'.format(i + 1) for i in range(2)]
    # create a filename queue
    file_q = cifar_filename_queue(filename_list)
    # read the data - this contains a FixedLengthRecordReader object which handles the
    # de-queueing of the files.  It returns a processed image and label, with shapes
    # ready for a convolutional neural network
    image, label = read_data(file_q)
    # setup minimum number of examples that can remain in the queue after dequeuing before blocking
    # occurs (i.e. enqueuing is forced) - the higher the number the better the mixing but
    # longer initial load time
    min_after_dequeue = 6
    # setup the capacity of the queue - this is based on recommendations by TensorFlow to ensure
    # good mixing
    capacity = min_after_dequeue + (num_threads + 1) * batch_size
    image_batch, label_batch = cifar_shuffle_queue_batch(image, label, batch_size, capacity,
                                                         min_after_dequeue, num_threads)
    # image_batch, label_batch = tf.train.shuffle_batch([image, label], batch_size, capacity,
    #                                                   min_after_dequeue, num_threads=num_threads)
    # now run the training
    return cifar_run(image_batch, label_batch)


def cifar_run(image, label):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            for i in range(4):
                image_batch, label_batch = sess.run([image, label])
                print(image_batch.shape, label_batch.shape)
                out.append([np.round(image_batch, 3).tolist(), label_batch.tolist()])
        except tf.errors.OutOfRangeError:
            print('all reed tiles seen')
        coord.request_stop()
        coord.join(threads)
    return out


def cifar_filename_queue(filename_list):
    # convert the list to a tensor
    string_tensor = tf.convert_to_tensor(filename_list, dtype=tf.string)
    # randomize the tensor
    tf.random_shuffle(string_tensor)
    # create the queue
    fq = tf.FIFOQueue(capacity=10, dtypes=tf.string)
    # create our enqueue_op for this q
    fq_enqueue_op = fq.enqueue_many([tf.train.limit_epochs(string_tensor, num_epochs=1)])
    # create a QueueRunner and add to queue runner list
    # we only need one thread for this simple queue
    tf.train.add_queue_runner(tf.train.QueueRunner(fq, [fq_enqueue_op] * 1))
    return fq


def cifar_shuffle_queue_batch(image, label, batch_size, capacity, min_after_dequeue, threads):
    tensor_list = [image, label]
    dtypes = [tf.float32, tf.int32]
    shapes = [image.get_shape(), label.get_shape()]
    q = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                              dtypes=dtypes, shapes=shapes, seed=71)
    enqueue_op = q.enqueue(tensor_list)
    # add to the queue runner
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enqueue_op] * threads))
    # now extract the batch
    image_batch, label_batch = q.dequeue_many(batch_size)
    return image_batch, label_batch


def read_data(file_q):
    # Code from https://github.com/tensorflow/models/blob/master/tutorials/image/cifar10/cifar10_input.py
    class CIFAR10Record(object):
        pass

    result = CIFAR10Record()

    # Dimensions of the images in the CIFAR-10 dataset.
    label_bytes = 1  # 2 for CIFAR-100
    result.height = HEIGHT
    result.width = WIDTH
    result.depth = 3
    image_bytes = result.height * result.width * result.depth
    # Every record consists of a label followed by the image, with a
    # fixed number of bytes for each.
    record_bytes = label_bytes + image_bytes

    # Read a record, getting filenames from the filename_queue.
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(file_q)

    # Convert from a string to a vector of uint8 that is record_bytes long.
    record_bytes = tf.decode_raw(value, tf.uint8)

    # The first bytes represent the label, which we convert from uint8->int32.
    result.label = tf.cast(
        tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)

    # The remaining bytes after the label represent the image, which we reshape
    # from [depth * height * width] to [depth, height, width].
    depth_major = tf.reshape(
        tf.strided_slice(record_bytes, [label_bytes],
                         [label_bytes + image_bytes]),
        [result.depth, result.height, result.width])
    # Convert from [depth, height, width] to [height, width, depth].
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])

    reshaped_image = tf.cast(result.uint8image, tf.float32)

    height = CROP
    width = CROP

    # Image processing for evaluation.
    # Crop the central [height, width] of the image.
    resized_image = tf.image.resize_image_with_crop_or_pad(reshaped_image,
                                                           height, width)

    # Subtract off the mean and divide by the variance of the pixels.
    float_image = tf.image.per_image_standardization(resized_image)

    # Set the shapes of tensors.
    float_image.set_shape([height, width, 3])
    result.label.set_shape([1])

    return float_image, result.label


def _write_data(data_path):
    os.makedirs(data_path, exist_ok=True)
    rng = np.random.RandomState(71)
    for f in range(2):
        with open(data_path + 'data_batch_{}.bin'.format(f + 1), 'wb') as out:
            for i in range(6):
                out.write(bytes([(f * 6 + i) % 10]))
                out.write(rng.randint(0, 256, size=HEIGHT * WIDTH * 3).astype(np.uint8).tobytes())


def main(data_dir):
    data_path = os.path.join(data_dir, 'h71_harmonica') + '/'
    _write_data(data_path)
    batches = cifar_shuffle_batch(data_path)
    return {"batches": batches, "end": "reed tiles: %d" % sum(len(b[1]) for b in batches)}

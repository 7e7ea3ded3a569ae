"""Paired inputs for the program beside this folder: a slice producer of images and labels, and a range
producer numbering them, read in step by one `shuffle_batch` with one thread; `tensorflow.compat.v1` imported
under another name, keyword arguments throughout."""

import tensorflow.compat.v1 as v1


def paired_batches(images, labels, batch_size, epochs=1):
    image, label = v1.train.slice_input_producer(tensor_list=[images, labels], num_epochs=epochs, shuffle=False)
    index = v1.train.range_input_producer(limit=1000, num_epochs=1, shuffle=False)
    index = index.dequeue()
    image = v1.reshape(image, [2])
    image.set_shape([2])
    return v1.train.shuffle_batch(tensors=[image, label, index], batch_size=batch_size, capacity=50,
                                  min_after_dequeue=10, num_threads=1, seed=4)

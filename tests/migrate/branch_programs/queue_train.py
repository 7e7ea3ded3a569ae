"""The queue made in each branch in the same module (``import tensorflow.compat.v1 as tfv``, the runner by
``tfv.train.QueueRunner``, ``dequeue_up_to``), the training branch (a ``RandomShuffleQueue``) taken: every
record once, in some order."""

import os

import tensorflow.compat.v1 as tfv


def examples(files, batch_size, training):
    _, value = tfv.FixedLengthRecordReader(8, header_bytes=4).read(
        tfv.train.string_input_producer(files, num_epochs=1, shuffle=False))
    pair = tfv.decode_raw(value, tfv.int32)
    pair.set_shape([2])
    if training:
        pair = pair * 2
        queue = tfv.RandomShuffleQueue(30, 10, dtypes=[tfv.int32], shapes=[[2]])
        threads = 2
    else:
        queue = tfv.FIFOQueue(30, dtypes=[tfv.int32], shapes=[[2]])
        threads = 1
    op = queue.enqueue([pair])
    tfv.train.add_queue_runner(tfv.train.QueueRunner(queue, [op] * threads))
    return queue.dequeue_up_to(batch_size)


def main(data_dir):
    batch = examples([os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(3)], 5, True)
    batches, end = [], None
    with tfv.Session() as sess:
        sess.run(tfv.local_variables_initializer())
        coord = tfv.train.Coordinator()
        threads = tfv.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(batch).tolist()])
        except tfv.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

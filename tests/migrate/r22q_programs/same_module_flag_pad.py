"""Magenta's `get_padded_batch`: a same-module `_shuffle_inputs` (a RandomShuffleQueue over the tensors it is given,
`[enqueue_op] * num_threads` run by its QueueRunner, shapes set back in a loop) chosen by `if shuffle:` (which also
checks and counts threads), a log line of the tensors, then `train.batch(dynamic_pad=True)`."""

import os

import tensorflow.compat.v1 as tf

QUEUE_CAPACITY = 100


def _shuffle_inputs(input_tensors, capacity, min_after_dequeue, num_threads):
    """Shuffles tensors in `input_tensors`, maintaining grouping."""
    shuffle_queue = tf.RandomShuffleQueue(
        capacity, min_after_dequeue, dtypes=[t.dtype for t in input_tensors])
    enqueue_op = shuffle_queue.enqueue(input_tensors)
    runner = tf.train.QueueRunner(shuffle_queue, [enqueue_op] * num_threads)
    tf.train.add_queue_runner(runner)

    output_tensors = shuffle_queue.dequeue()

    for i in range(len(input_tensors)):
        output_tensors[i].set_shape(input_tensors[i].shape)

    return output_tensors


def get_padded_batch(file_list, batch_size, num_enqueuing_threads=4, shuffle=False):
    file_queue = tf.train.string_input_producer(file_list, num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(file_queue)
    features = tf.parse_single_example(serialized_example, {'x': tf.FixedLenFeature([3], tf.float32),
                                                            'label': tf.FixedLenFeature([], tf.int64)})
    inputs = features['x'][:tf.cast(features['label'] % 3, tf.int32) + 1]
    length = tf.shape(inputs)[0]
    input_tensors = [inputs, features['label'], length]

    if shuffle:
        if num_enqueuing_threads < 2:
            raise ValueError('`num_enqueuing_threads` must be at least 2 when shuffling.')
        shuffle_threads = int(num_enqueuing_threads / 2.)
        min_after_dequeue = QUEUE_CAPACITY // 5
        input_tensors = _shuffle_inputs(
            input_tensors, capacity=QUEUE_CAPACITY,
            min_after_dequeue=min_after_dequeue,
            num_threads=shuffle_threads)

        num_enqueuing_threads -= shuffle_threads

    tf.logging.info(input_tensors)
    return tf.train.batch(
        input_tensors,
        batch_size=batch_size,
        capacity=QUEUE_CAPACITY,
        num_threads=num_enqueuing_threads,
        dynamic_pad=True,
        allow_smaller_final_batch=False)


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
    inputs, labels, lengths = get_padded_batch(files, 4, shuffle=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while True:
                x, y, n = sess.run([inputs, labels, lengths])
                batches.append([[row[:k].tolist() for row, k in zip(x, n)], y.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}

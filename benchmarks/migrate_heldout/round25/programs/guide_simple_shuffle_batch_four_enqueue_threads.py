"""The "Threading and Queues" guide's simple_shuffle_batch(source, capacity, batch_size): a hand-built
RandomShuffleQueue, a QueueRunner with four copies of the enqueue op, add_queue_runner; the source is a
row read by a TextLineReader; the loop is a MonitoredSession's."""
import os

import tensorflow as tf

tf = tf.compat.v1


def simple_shuffle_batch(source, capacity, batch_size=10):
    # Create a random shuffle queue.
    queue = tf.RandomShuffleQueue(capacity=capacity,
                                  min_after_dequeue=int(0.9 * capacity),
                                  shapes=source.shape, dtypes=source.dtype)

    # Create an op to enqueue one item.
    enqueue = queue.enqueue(source)

    # Create a queue runner that, when started, will launch 4 threads applying
    # that enqueue op.
    num_threads = 4
    qr = tf.train.QueueRunner(queue, [enqueue] * num_threads)

    # Register the queue runner so it can be found and started by
    # `tf.train.start_queue_runners` later (the threads are not launched yet).
    tf.train.add_queue_runner(qr)

    # Create an op to dequeue a batch
    return queue.dequeue_many(batch_size)


def write_data(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for part in range(2):
        path = os.path.join(root, 'points_%d.txt' % part)
        with open(path, 'w') as f:
            for i in range(10):
                n = part * 10 + i
                f.write('%d %d %d\n' % (n, n * n, (n * 7) % 11))
        paths.append(path)
    return paths


def main(data_dir):
    files = write_data(os.path.join(data_dir, 'h25_guide_simple_shuffle_batch_four_enqueue_threads'))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    fields = tf.decode_csv(line, [[0], [0], [0]], field_delim=' ')
    source = tf.stack(fields)

    get_batch = simple_shuffle_batch(source, capacity=40, batch_size=5)
    row_sum = tf.reduce_sum(get_batch, axis=1)

    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            rows, sums = sess.run([get_batch, row_sum])
            batches.append([rows.tolist(), sums.tolist()])
    return {'batches': batches, 'end': 'stopped'}

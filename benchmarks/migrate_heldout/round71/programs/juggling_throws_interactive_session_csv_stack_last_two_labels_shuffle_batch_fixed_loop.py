'''
Created on Jul 2, 2017

@author: (a juggling-club student project; layout after Samuel Ragusa's data_pipeline script)

Held-out round 71: juggling throw records (siteswap features, two label columns) read from a CSV by
``data_pipeline(filenames, batch_size, num_epochs=None, min_after_dequeue=...)``. As in the source, an
``InteractiveSession`` is opened before the pipeline and a second ``with tf.Session() as sess`` runs it.
Writer changes: tiny seeded data, ``num_epochs=1`` and a seed, a loop of exactly one epoch.
'''
import os

import numpy as np
import tensorflow.compat.v1 as tf


N_COLUMNS = 8  # 6 throw features + 2 label columns (the source had 66)


def data_pipeline(filenames, batch_size, num_epochs=None, min_after_dequeue=10000):
    """
    Creates a pipeline for the data contained within the given files.
    It does this using TensorFlow queues.

    @return: A tuple in which the first element is a graph operation
    which gets a random batch of the data, and the second element is
    a graph operation to get a batch of the labels corresponding
    to the data gotten by the first element of the tuple.
    """
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, seed=71)

    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)

    row = tf.decode_csv(value, record_defaults=[[0.0] for _ in range(N_COLUMNS)])
    example_op, label_op  = tf.stack(row[:len(row)-2]), tf.stack(row[len(row)-2:])

    capacity = min_after_dequeue + 3 * batch_size

    example_batch, label_batch = tf.train.shuffle_batch(
        [example_op, label_op], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, seed=71)
    return example_batch, label_batch


def _write_data(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    path = os.path.join(folder, "small_dataset.csv")
    with open(path, "w") as f:
        for i in range(12):
            throws = rng.randint(1, 10, size=6)
            dropped = float(i % 3 == 0)
            f.write(",".join(str(float(t)) for t in throws) + ",%s,%s\n" % (dropped, 1.0 - dropped))
    return path


def main(data_dir):
    folder = os.path.join(data_dir, "h71_juggling")
    FILENAMES = [_write_data(folder)]
    BATCH_SIZE = 4
    MIN_AFTER_DEQUEUE = 5

    sess = tf.InteractiveSession()

    example_batch, label_batch = data_pipeline(FILENAMES, BATCH_SIZE, num_epochs=1,
                                               min_after_dequeue=MIN_AFTER_DEQUEUE)

    batches = []
    #Making sure that the data pipeline works
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        # Start populating the filename queue.
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        for i in range(3):
            # Retrieve a single instance:
            example, label = sess.run([example_batch, label_batch])
            batches.append([np.round(example, 3).tolist(), np.round(label, 3).tolist()])

        coord.request_stop()
        coord.join(threads)
    # (the source never closed its InteractiveSession; here it is closed so that the next program starts clean)
    tf.get_default_session().close()
    return {"batches": batches, "end": "throws: %d" % sum(len(b[0]) for b in batches)}

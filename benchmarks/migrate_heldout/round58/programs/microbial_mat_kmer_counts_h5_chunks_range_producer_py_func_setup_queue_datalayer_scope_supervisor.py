""" Contains functions for I/O

Currently hdf5 is supported as an important standardized filetype
used frequently in genomics datasets.

(k-mer count profiles of hot-spring microbial mat samples, one row per sample)
"""

import os

import h5py
import tensorflow.compat.v1 as tf
import numpy as np

CHUNK_SIZE = 4
BATCH_SIZE = 3
NUM_KMERS = 6


def write_h5(path):
    rng = np.random.RandomState(31)
    counts = rng.poisson(5, size=(12, NUM_KMERS)).astype(np.float32)
    # label: mat layer (0 = green top layer, 1 = orange undermat)
    labels = (np.arange(12) % 4 >= 2).astype(np.float32).reshape(12, 1)
    with h5py.File(path, 'w') as hf:
        hf.create_dataset('features', data=counts)
        hf.create_dataset('labels', data=labels)


def hdf5_chunk_loader(h5_path):
    '''
    Returns a function that loads the idx-th chunk of rows from the file,
    normalised to frequencies per sample.
    '''
    def load(idx):
        with h5py.File(h5_path, 'r') as hf:
            feats = hf['features'][idx * CHUNK_SIZE:(idx + 1) * CHUNK_SIZE]
            labels = hf['labels'][idx * CHUNK_SIZE:(idx + 1) * CHUNK_SIZE]
        feats = feats / np.maximum(feats.sum(axis=1, keepdims=True), 1.0)
        return feats.astype(np.float32), labels.astype(np.float32)
    return load


def load_data_from_filename_list(h5_path, num_chunks):
    '''
    Chunk indices come out of a range producer; a py_func reads the chunk.
    '''
    with tf.variable_scope('loader'):
        idx = tf.train.range_input_producer(num_chunks, num_epochs=1, shuffle=False).dequeue()
        features, labels = tf.py_func(hdf5_chunk_loader(h5_path), [idx], [tf.float32, tf.float32],
                                      stateful=False)
        features.set_shape([CHUNK_SIZE, NUM_KMERS])
        labels.set_shape([CHUNK_SIZE, 1])
    return features, labels


def setup_queue(features, labels, capacity=10000):
    '''
    Set up data queue as well as queue runner. The shapes of the
    tensors are inferred from the inputs, so input shapes must be
    set before this function is called.
    '''

    with tf.variable_scope('datalayer'):
        queue = tf.FIFOQueue(capacity,
                             [tf.float32, tf.float32],
                             shapes=[features.get_shape()[1:],
                                     labels.get_shape()[1:]])
        enqueue_op = queue.enqueue_many([features, labels])
        queue_runner = tf.train.QueueRunner(
            queue=queue,
            enqueue_ops=[enqueue_op],
            close_op=queue.close(),
            cancel_op=queue.close(cancel_pending_enqueues=True))
        tf.train.add_queue_runner(queue_runner, tf.GraphKeys.QUEUE_RUNNERS)

    return queue


def main(data_dir):
    folder = os.path.join(data_dir, 'h58_microbial_mat')
    os.makedirs(folder, exist_ok=True)
    h5_path = os.path.join(folder, 'kmer_profiles.h5')
    write_h5(h5_path)

    features, labels = load_data_from_filename_list(h5_path, 3)
    queue = setup_queue(features, labels, capacity=100)
    feature_batch, label_batch = queue.dequeue_many(BATCH_SIZE)
    gc_like = tf.reduce_sum(feature_batch[:, :3], axis=1)

    out = []
    sv = tf.train.Supervisor(logdir=None, save_summaries_secs=0, save_model_secs=0)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            f, l, g = sess.run([feature_batch, label_batch, gc_like])
            out.append([np.round(f, 5).tolist(), l.tolist(), np.round(g, 5).tolist()])
    return {"batches": out, "end": "samples: %d" % (BATCH_SIZE * len(out))}

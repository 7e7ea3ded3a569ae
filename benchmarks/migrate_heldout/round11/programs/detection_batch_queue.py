"""Object-detection trainer shape: the input reader and the BatchQueue live in another module; the trainer
builds the queue in a create_input_queue() function and dequeues a list of per-image dicts; a MonitoredSession
made with a ChiefSessionCreator runs until the queues run dry."""

import os

import tensorflow.compat.v1 as tf

from detection_lib import batcher
from detection_lib import input_reader

BATCH_SIZE = 4


def create_input_queue(batch_size_per_clone, create_tensor_dict_fn, batch_queue_capacity,
                       num_batch_queue_threads, prefetch_queue_capacity):
    tensor_dict = create_tensor_dict_fn()
    tensor_dict["image"] = tf.expand_dims(tensor_dict["image"], 0) * 0.5
    input_queue = batcher.BatchQueue(
        tensor_dict,
        batch_size=batch_size_per_clone,
        batch_queue_capacity=batch_queue_capacity,
        num_batch_queue_threads=num_batch_queue_threads,
        prefetch_queue_capacity=prefetch_queue_capacity)
    return input_queue


def main(data_dir):
    config = input_reader.InputReaderConfig(os.path.join(data_dir, "records-*.tfrecord"))
    input_queue = create_input_queue(BATCH_SIZE, lambda: input_reader.build(config),
                                     batch_queue_capacity=16, num_batch_queue_threads=1,
                                     prefetch_queue_capacity=4)
    read_data_list = input_queue.dequeue()
    batches = []
    creator = tf.train.ChiefSessionCreator()
    with tf.train.MonitoredSession(session_creator=creator) as sess:
        while not sess.should_stop():
            tensor_dicts = sess.run(read_data_list)
            keys = sorted(tensor_dicts[0])
            batches.append({k: [d[k].tolist() for d in tensor_dicts] for k in keys})
    return {"batches": batches, "end": "stopped"}

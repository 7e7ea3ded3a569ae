"""object detection's legacy trainer shape: create_input_queue() builds the tensor dict from the input reader
config (helper module, readers joined), hands it to a BatchQueue (another helper module), and the trainer
dequeues the batched dict under a MonitoredTrainingSession until the data ends."""

import functools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from detection_lib import batcher
from detection_lib import input_reader_builder


def create_input_queue(batch_size_per_clone, create_tensor_dict_fn, batch_queue_capacity,
                       num_batch_queue_threads):
    tensor_dict = create_tensor_dict_fn()
    tensor_dict['groundtruth_classes'] = tf.cast(tensor_dict['groundtruth_classes'], tf.int32)
    return batcher.BatchQueue(tensor_dict, batch_size=batch_size_per_clone,
                              batch_queue_capacity=batch_queue_capacity,
                              num_batch_queue_threads=num_batch_queue_threads, unbatch_first=True)


def train(create_tensor_dict_fn, batch_size, num_batch_queue_threads):
    with tf.Graph().as_default() as graph:
        input_queue = create_input_queue(batch_size, create_tensor_dict_fn, 40, num_batch_queue_threads)
        tensors = input_queue.dequeue()
        batches = []
        with tf.train.MonitoredTrainingSession(save_summaries_steps=None, log_step_count_steps=None) as sess:
            while not sess.should_stop():
                out = sess.run(tensors)
                out['source_id'] = [s.decode() for s in out['source_id']]
                batches.append({k: (v if isinstance(v, list) else v.tolist()) for k, v in out.items()})
    return batches


def main(data_dir):
    config = input_reader_builder.InputReaderConfig(
        input_path=[os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in (1, 3)],
        num_readers=2, shuffle=False, num_epochs=1, queue_capacity=32, min_after_dequeue=0)
    create_tensor_dict_fn = functools.partial(input_reader_builder.build, config)
    batches = train(create_tensor_dict_fn, batch_size=8, num_batch_queue_threads=2)
    return {"batches": batches, "end": "should_stop"}

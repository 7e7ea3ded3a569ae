"""BatchQueue (object detection's batcher): batches a tensor dict and hands back the batched dict."""

import tensorflow.compat.v1 as tf


class BatchQueue(object):

    def __init__(self, tensor_dict, batch_size, batch_queue_capacity, num_batch_queue_threads,
                 unbatch_first=False):
        if unbatch_first:
            tensor_dict = {k: v[0] for k, v in tensor_dict.items()}
        self._keys = sorted(tensor_dict)
        self._batched = tf.train.batch(
            tensor_dict, batch_size=batch_size, capacity=batch_queue_capacity,
            num_threads=num_batch_queue_threads, dynamic_pad=True, allow_smaller_final_batch=True,
            name='batch_queue')
        self._batch_size = batch_size

    def dequeue(self):
        return dict(self._batched)

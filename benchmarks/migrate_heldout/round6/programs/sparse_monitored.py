"""A detection-style TFRecord input written against `tensorflow.python.*` modules: variable-length features
parsed with `parse_example([serialized])` and densified, `shuffle_batch` with two threads, and a
`MonitoredTrainingSession` with a StopAtStepHook whose loop ends when the single epoch runs out.
"""

from __future__ import absolute_import, division, print_function

import os

from tensorflow.python.framework import dtypes
from tensorflow.python.ops import array_ops
from tensorflow.python.ops import io_ops
from tensorflow.python.ops import math_ops
from tensorflow.python.ops import parsing_ops
from tensorflow.python.ops import sparse_ops
from tensorflow.python.ops import state_ops
from tensorflow.python.platform import tf_logging as logging
from tensorflow.python.training import basic_session_run_hooks
from tensorflow.python.training import input as tf_input
from tensorflow.python.training import monitored_session
from tensorflow.python.training import training_util

BATCH_SIZE = 10


def decode_example(example_proto):
    keys_to_features = {
        'x': parsing_ops.VarLenFeature(dtype=dtypes.float32),
        'label': parsing_ops.FixedLenFeature((), dtypes.int64, default_value=0),
    }
    features = parsing_ops.parse_example([example_proto], features=keys_to_features)
    boxes = sparse_ops.sparse_tensor_to_dense(features['x'], default_value=0.0)[0]
    boxes = array_ops.reshape(boxes, [3])
    label = math_ops.cast(features['label'][0], dtypes.int32)
    return boxes, label


def build_input(record_files, batch_size, num_epochs=1):
    filename_queue = tf_input.string_input_producer(record_files, num_epochs=num_epochs, shuffle=False)
    reader = io_ops.TFRecordReader()
    _, example_proto = reader.read(filename_queue)
    boxes, label = decode_example(example_proto)
    return tf_input.shuffle_batch([boxes, label], batch_size=batch_size, capacity=200,
                                  min_after_dequeue=50, num_threads=2,
                                  allow_smaller_final_batch=True)


def main(data_dir):
    record_files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(2)]
    boxes, labels = build_input(record_files, BATCH_SIZE)
    global_step = training_util.get_or_create_global_step()
    train_op = state_ops.assign_add(global_step, 1)

    hooks = [basic_session_run_hooks.StopAtStepHook(last_step=1000)]
    batches = []
    end = 'OutOfRangeError'  # the last run raises it at the end of the epoch; the session swallows it
    with monitored_session.MonitoredTrainingSession(hooks=hooks, checkpoint_dir=None,
                                                    save_checkpoint_secs=None,
                                                    save_summaries_steps=None) as sess:
        while not sess.should_stop():
            _, b, l = sess.run([train_op, boxes, labels])
            batches.append([b.tolist(), l.tolist()])
        end = 'should_stop'
    logging.info('read %d batches', len(batches))
    return {"batches": batches, "end": end}

"""Melody RNN training input (magenta's shape): SequenceExamples of one-hot note events, `get_padded_batch` in a
package (a hand-built `RandomShuffleQueue` filled by `[enqueue_op] * num_threads` and its `QueueRunner`, the
dequeued tensors given their shapes back by `set_shape` in a loop, then `train.batch(dynamic_pad=True)` with the
remaining threads), the minimum after dequeue counted with `tf_record_iterator`; the model built in its own
`tf.Graph` and its tensors read back from collections; `Supervisor(global_step=...)` + `managed_session`, the loop
`while not sv.should_stop()` ended by the end of the data."""

import os

import tensorflow.compat.v1 as tf

from melody_lib import events_rnn_graph
from melody_lib import sequence_example_lib

INPUT_SIZE = 3


def write_melodies(out_dir):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    paths = []
    n = 0
    for f in range(2):
        path = os.path.join(out_dir, 'training_melodies_%d.tfrecord' % f)
        with tf.python_io.TFRecordWriter(path) as writer:
            for _ in range(6):
                length = 2 + (n * 3) % 5
                events = [(n + 2 * t) % INPUT_SIZE for t in range(length + 1)]
                inputs = [[1.0 if k == e else 0.0 for k in range(INPUT_SIZE)] for e in events[:-1]]
                labels = events[1:]
                writer.write(sequence_example_lib.make_sequence_example(inputs, labels).SerializeToString())
                n += 1
        paths.append(path)
    return paths


def run_training(graph, train_dir):
    """Runs the training loop; returns the batches it saw (each sequence trimmed to its length)."""
    batches = []
    with graph.as_default():
        global_step = tf.train.get_or_create_global_step()
        loss = tf.get_collection('loss')[0]
        train_op = tf.get_collection('train_op')[0]
        inputs = tf.get_collection('inputs')[0]
        labels = tf.get_collection('labels')[0]
        lengths = tf.get_collection('lengths')[0]

        sv = tf.train.Supervisor(logdir=train_dir, save_model_secs=0, save_summaries_secs=0,
                                 global_step=global_step, saver=None, summary_op=None)
        with sv.managed_session() as sess:
            while not sv.should_stop():
                step, _, loss_value, x, y, n = sess.run([global_step, train_op, loss, inputs, labels, lengths])
                batches.append([[row[:k].tolist() for row, k in zip(x, n)],
                                [row[:k].tolist() for row, k in zip(y, n)],
                                n.tolist()])
    return batches


def main(data_dir):
    out = os.path.join(data_dir, 'h22_melodies_padded_batch_shuffle_queue_collections')
    paths = write_melodies(out)
    config = {'input_size': INPUT_SIZE, 'num_classes': INPUT_SIZE, 'batch_size': 4, 'num_epochs': 1}
    graph = events_rnn_graph.build_graph('train', config, sequence_example_file_paths=paths)
    batches = run_training(graph, None)
    return {'batches': batches, 'end': len(batches)}

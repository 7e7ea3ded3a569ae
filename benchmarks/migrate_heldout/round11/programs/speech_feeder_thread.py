"""Speech-recognition feeder (DeepSpeech-style): a threading.Thread subclass owns placeholders, a
PaddingFIFOQueue and its enqueue op, reads utterances in Python and feeds them; the trainer dequeues padded
batches up to the end, when the feeder closes the queue."""

import glob
import os
import struct
import threading

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def read_utterances(data_dir):
    """Each fixed-length record (two int32) becomes one utterance: a few frames of features and a transcript."""
    for path in sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin"))):
        with open(path, "rb") as f:
            data = f.read()[4:]
        for off in range(0, len(data), 8):
            i, j = struct.unpack("<ii", data[off:off + 8])
            frames = i % 4 + 1
            features = [[float(i + t), float(j - t)] for t in range(frames)]
            transcript = [j % 7 + k for k in range(i % 3 + 1)]
            yield features, transcript


class SpeechFeeder(threading.Thread):
    def __init__(self, coordinator, data_dir, num_feature_bins=2, queue_capacity=16):
        super(SpeechFeeder, self).__init__()
        self.daemon = True
        self._coord = coordinator
        self._data_dir = data_dir
        self._session = None
        self._placeholders = [
            tf.placeholder(tf.float32, [None, num_feature_bins], "inputs"),
            tf.placeholder(tf.int32, [], "input_lengths"),
            tf.placeholder(tf.int32, [None], "targets"),
        ]
        queue = data_flow_ops.PaddingFIFOQueue(
            queue_capacity, [tf.float32, tf.int32, tf.int32],
            shapes=[[None, num_feature_bins], [], [None]], name="input_queue")
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.inputs, self.input_lengths, self.targets = None, None, None
        self._queue = queue

    def dequeue(self, batch_size):
        self.inputs, self.input_lengths, self.targets = self._queue.dequeue_up_to(batch_size)
        return self.inputs, self.input_lengths, self.targets

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            for features, transcript in read_utterances(self._data_dir):
                if self._coord.should_stop():
                    break
                feed_dict = dict(zip(self._placeholders, (features, len(features), transcript)))
                self._session.run(self._enqueue_op, feed_dict=feed_dict)
            self._session.run(self._close_op)
        except Exception as e:  # noqa: BLE001 - reported to the coordinator, as the feeders did
            self._coord.request_stop(e)


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = SpeechFeeder(coord, data_dir)
    inputs, input_lengths, targets = feeder.dequeue(batch_size=5)
    batches = []
    end = None
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            while not coord.should_stop():
                x, n, y = sess.run([inputs, input_lengths, targets])
                batches.append([x.tolist(), n.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join([feeder])
    return {"batches": batches, "end": end}

"""Audio context-encoder windows: a TFReader object owns the queue pipeline; the caller pulls
batches until the reader turns OutOfRangeError into StopIteration."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.framework.errors_impl import OutOfRangeError

WINDOW_SIZE = 5
NUM_WINDOWS = 16


class TFWriter(object):
    def __init__(self, path_to_tfRecord_file):
        self._writer = tf.python_io.TFRecordWriter(path_to_tfRecord_file)

    def write(self, window):
        feature = {'valid/windows': tf.train.Feature(
            bytes_list=tf.train.BytesList(value=[window.astype(np.float32).tobytes()]))}
        example = tf.train.Example(features=tf.train.Features(feature=feature))
        self._writer.write(example.SerializeToString())

    def close(self):
        self._writer.close()


class TFReader(object):
    def __init__(self, path_to_tfRecord_file, window_size, batchSize, num_epochs=10, capacity=100000):
        self._path_to_tfRecord_file = path_to_tfRecord_file
        self._capacity = capacity
        self._batchSize = batchSize
        self._window_size = window_size
        self._audios = self._read_and_decode(tf.train.string_input_producer([path_to_tfRecord_file],
                                                                            num_epochs=num_epochs))

    def start(self):
        self._coordinator = tf.train.Coordinator()
        self._threads = tf.train.start_queue_runners(coord=self._coordinator)

    def dataOperation(self, session):
        try:
            audios = session.run(self._audios)
            return audios
        except OutOfRangeError:
            raise StopIteration

    def finish(self):
        self._coordinator.request_stop()
        self._coordinator.join(self._threads)

    def _read_and_decode(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(serialized_example,
                                           features={'valid/windows': tf.FixedLenFeature([], tf.string)})

        windows = tf.decode_raw(features['valid/windows'], tf.float32)
        windows = tf.reshape(windows, [self._window_size])

        audios = tf.train.shuffle_batch([windows], batch_size=self._batchSize,
                                        min_after_dequeue=int(self._capacity * 0.5),
                                        capacity=self._capacity,
                                        num_threads=4)
        return audios


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_audio_context_windows')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'valid.tfrecords')
    rng = np.random.RandomState(1039)
    signal = np.round(np.sin(np.arange(NUM_WINDOWS * WINDOW_SIZE) * 0.3) + rng.normal(0, 0.05, NUM_WINDOWS * WINDOW_SIZE), 4)
    writer = TFWriter(path)
    for i in range(NUM_WINDOWS):
        writer.write(signal[i * WINDOW_SIZE:(i + 1) * WINDOW_SIZE])
    writer.close()

    aTFReader = TFReader(path, WINDOW_SIZE, batchSize=4, num_epochs=1, capacity=16)
    batches = []
    with tf.Session() as sess:
        init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
        sess.run(init)
        aTFReader.start()
        try:
            while True:
                audios = aTFReader.dataOperation(session=sess)
                batches.append([audios.tolist()])
        except StopIteration:
            pass
        finally:
            aTFReader.finish()
    return {"batches": batches, "end": "windows: %d" % sum(len(b[0]) for b in batches)}

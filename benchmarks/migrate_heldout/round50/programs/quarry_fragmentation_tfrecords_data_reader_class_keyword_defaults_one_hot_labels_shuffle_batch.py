import os

import numpy as np
import tensorflow.compat.v1 as tf


class DataReader(object):

    def __init__(self,
                 data_path,
                 input_feature_key,
                 target_feature_key,
                 batch_size,
                 filename_queue_epochs = None,
                 one_hot_labels=False,
                 one_hot_depth=None,
                 capacity=30,
                 num_threads=1,
                 min_after_dequeue=10):

        self._data_path = data_path
        self._input_feature_key = input_feature_key
        self._target_feature_key = target_feature_key
        self._batch_size = batch_size
        self._filename_queue_epochs = filename_queue_epochs
        self._one_hot_labels = one_hot_labels
        self._one_hot_depth = one_hot_depth
        self._capacity = capacity
        self._num_threads = num_threads
        self._min_after_dequeue = min_after_dequeue

    def _read_and_decode(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(
            serialized_example,
            features={
                self._input_feature_key: tf.FixedLenFeature([4], tf.float32),
                self._target_feature_key: tf.FixedLenFeature([], tf.int64),
            })
        inputs = features[self._input_feature_key]
        target = tf.cast(features[self._target_feature_key], tf.int32)
        if self._one_hot_labels:
            target = tf.one_hot(target, self._one_hot_depth)
        return inputs, target

    def get_batch(self):
        if os.path.isdir(self._data_path):
            files = sorted(os.path.join(self._data_path, f) for f in os.listdir(self._data_path)
                           if f.endswith('.tfrecords'))
        else:
            files = [self._data_path]
        filename_queue = tf.train.string_input_producer(files, num_epochs=self._filename_queue_epochs)
        inputs, target = self._read_and_decode(filename_queue)
        inputs_batch, target_batch = tf.train.shuffle_batch(
            [inputs, target],
            batch_size=self._batch_size,
            capacity=self._capacity,
            num_threads=self._num_threads,
            min_after_dequeue=self._min_after_dequeue,
            seed=50)
        return inputs_batch, target_batch


def write_fragments(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5012)
    writer = tf.python_io.TFRecordWriter(os.path.join(out, 'bench_7.tfrecords'))
    for k in range(12):
        # burden_m, spacing_m, powder_factor, stemming_m -> fragment size class (fine, medium, coarse)
        x = [round(rng.uniform(2, 5), 2), round(rng.uniform(2.5, 6), 2), round(rng.uniform(0.3, 0.9), 2),
             round(rng.uniform(1.5, 3.5), 2)]
        writer.write(tf.train.Example(features=tf.train.Features(feature={
            'blast_design': tf.train.Feature(float_list=tf.train.FloatList(value=x)),
            'fragment_class': tf.train.Feature(int64_list=tf.train.Int64List(value=[k % 3])),
        })).SerializeToString())
    writer.close()
    return out


def main(data_dir):
    out = write_fragments(os.path.join(data_dir, 'h50_quarry_fragmentation'))
    data_reader = DataReader(out, 'blast_design', 'fragment_class', 4,
                             filename_queue_epochs=1, one_hot_labels=True, one_hot_depth=3,
                             capacity=20, min_after_dequeue=5)
    x, y = data_reader.get_batch()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xb, yb = sess.run([x, y])
                batches.append([xb.tolist(), yb.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': 'blasts: %d' % sum(len(b[1]) for b in batches)}

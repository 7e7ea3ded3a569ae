"""CRNN-style OCR feature reader: a reader class whose constructor keeps the configuration, one method reads and
decodes a record into a dict of features, another batches it (reader and batch in different methods)."""

import glob
import os

import tensorflow.compat.v1 as tf


class OcrFeatureReader(object):
    """Reads the `x`/`label` features of the sharded TFRecords of one split."""

    def __init__(self, tfrecords_dir, batch_size, num_threads=1, num_epochs=1):
        self._tfrecords_dir = tfrecords_dir
        self._batch_size = batch_size
        self._num_threads = num_threads
        self._num_epochs = num_epochs

    @property
    def tfrecords_paths(self):
        return sorted(glob.glob(os.path.join(self._tfrecords_dir, "records-*.tfrecord")))

    def _extract_features(self):
        filename_queue = tf.train.string_input_producer(
            self.tfrecords_paths, num_epochs=self._num_epochs, shuffle=False, name="ocr_filenames")
        reader = tf.TFRecordReader(name="ocr_reader")
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, features={
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64),
        })
        # the "image" is normalised as CRNN does (pixel / 255 - 0.5 here on x), the label kept as int32 codes
        images = features["x"] * 2.0
        labels = tf.cast(features["label"], tf.int32)
        return {"images": images, "labels": labels, "lengths": tf.constant(3, tf.int32)}

    def inputs(self):
        features = self._extract_features()
        with tf.name_scope("ocr_batch"):
            return tf.train.batch(
                features, batch_size=self._batch_size, num_threads=self._num_threads,
                capacity=4 * self._batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    reader = OcrFeatureReader(data_dir, batch_size=16)
    features = reader.inputs()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while not coord.should_stop():
                out = sess.run(features)
                batches.append({k: v.tolist() for k, v in out.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

"""Decodes one detection example (person boxes) from a TFRecord: a small record object, as the
SSD/YOLO-style readers of TF1 detection repositories returned."""

import tensorflow.compat.v1 as tf


class DetectionRecord(object):
    pass


def read_detection_example(filename_queue, max_boxes):
    reader = tf.TFRecordReader()
    key, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        "x": tf.VarLenFeature(tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    coords = tf.sparse_tensor_to_dense(features["x"], default_value=0.0)
    image_id = features["label"]
    num_boxes = tf.cast(image_id % max_boxes, tf.int32) + 1
    boxes = tf.reshape(tf.tile(coords, [num_boxes]), [num_boxes, 3])
    boxes = boxes + tf.expand_dims(tf.cast(tf.range(num_boxes), tf.float32), 1)

    record = DetectionRecord()
    record.image_id = image_id
    record.boxes = boxes
    record.num_boxes = num_boxes
    record.classes = tf.ones([num_boxes], tf.int64)
    return record

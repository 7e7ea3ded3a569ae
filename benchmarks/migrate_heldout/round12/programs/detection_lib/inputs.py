"""Input pipeline of the person detector: filename producer, the decoder's record, padded batches."""

import glob
import os

import tensorflow.compat.v1 as tf

from detection_lib.decoder import read_detection_example


def input_fn(data_dir, config):
    pattern = os.path.join(data_dir, config["file_pattern"])
    files = sorted(glob.glob(pattern))
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(files, num_epochs=config["num_epochs"], shuffle=False)
        record = read_detection_example(filename_queue, config["max_boxes"])
        image_ids, boxes, num_boxes, classes = tf.train.batch(
            [record.image_id, record.boxes, record.num_boxes, record.classes],
            batch_size=config["batch_size"], num_threads=1, capacity=2 * config["batch_size"], dynamic_pad=True,
            allow_smaller_final_batch=True)
    return {"image_id": image_ids, "boxes": boxes, "num_boxes": num_boxes, "classes": classes}

"""Person detector training entry point: configuration in a dict, the input function in detection_lib, box
lists padded per batch, run under a MonitoredSession until the records are read."""

import tensorflow.compat.v1 as tf

from detection_lib import inputs

CONFIG = {
    "file_pattern": "records-*.tfrecord",
    "num_epochs": 1,
    "batch_size": 12,
    "max_boxes": 4,
}


def main(data_dir):
    batch = inputs.input_fn(data_dir, CONFIG)
    mask = tf.sequence_mask(batch["num_boxes"], dtype=tf.float32)
    loc_loss_proxy = tf.reduce_sum(tf.reduce_sum(batch["boxes"], axis=2) * mask, axis=1)

    batches = []
    end = "should_stop"
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            try:
                b, loss = sess.run([batch, loc_loss_proxy])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append({
                "image_id": b["image_id"].tolist(),
                "boxes": b["boxes"].tolist(),
                "num_boxes": b["num_boxes"].tolist(),
                "classes": b["classes"].tolist(),
                "loss": [round(float(v), 3) for v in loss],
            })
    return {"batches": batches, "end": end}

"""Images and masks in two CSV files, each read by one line-reader helper; the mask file is optional."""
import os

import tensorflow.compat.v1 as tf


def read_row(path, width):
    queue = tf.train.string_input_producer([path], num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    row = tf.decode_csv(line, record_defaults=[[0.0]] * width)
    return tf.stack(row)


def inputs(batch_size, image_path, mask_path=None, scale=None):
    image = read_row(image_path, 3) * 2.0
    parts = [image]
    if mask_path:
        mask = read_row(mask_path, 2)
        mask = tf.cast(mask, tf.int32)
        parts.append(mask)
    if scale is not None:
        scaled = image * scale
        parts.append(scaled)
    return tf.train.shuffle_batch(parts, batch_size=batch_size, capacity=20, min_after_dequeue=5)


def main(data_dir):
    root = os.path.join(data_dir, "r34c_runtime")
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "images.csv"), "w") as f:
        f.writelines(f"{i},{i + 0.5},{-i}\n" for i in range(12))
    with open(os.path.join(root, "masks.csv"), "w") as f:
        f.writelines(f"{i % 3},{i}\n" for i in range(12))
    images, masks, scaled = inputs(4, os.path.join(root, "images.csv"), os.path.join(root, "masks.csv"), scale=0.5)
    alone = inputs(3, os.path.join(root, "images.csv"))
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, mk, sc = sess.run([images, masks, scaled])
                batches.append([im.tolist(), mk.tolist(), sc.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                batches.append([sess.run(alone).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}

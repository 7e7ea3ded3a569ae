"""A Python class counter named `label` (`label = 0`, `labels.append(label)`, `label += 1`) and a loop variable
`label` in the same function as the `label` tensor the producer binds later (round 21's image-folder listing,
on make_data's PNGs): other bindings of the name, not uses of the tensor."""

import os

import tensorflow.compat.v1 as tf


def read_images(data_dir, batch_size):
    paths, labels = [], []
    label = 0
    for group in [(0, 1, 2), (3, 4), (5,)]:
        for k in group:
            paths.append(os.path.join(data_dir, "image-%d.png" % k))
            labels.append(label)
        label += 1
    weights = []
    for label in labels:  # a loop variable of the same name
        weights.append(float(label) / 2)
    image, label = tf.train.slice_input_producer([tf.convert_to_tensor(paths), tf.constant(labels)],
                                                 shuffle=False, num_epochs=2)
    image = tf.image.decode_png(tf.read_file(image), channels=1)
    image = tf.cast(tf.reshape(image, [16]), tf.int32)
    return tf.train.batch([image, label * 10 + int(sum(weights))], batch_size=batch_size,
                          allow_smaller_final_batch=True)


def main(data_dir):
    images, labels = read_images(data_dir, 4)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([images, labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

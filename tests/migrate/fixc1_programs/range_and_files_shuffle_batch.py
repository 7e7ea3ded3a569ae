"""Tiles read whole from files and a shuffled style index from a `range_input_producer`, paired in one
`shuffle_batch` (the index cast first): the batch is left, so the producer stays with it."""
import os

import tensorflow.compat.v1 as tf


def tile_input(folder, batch_size, num_styles):
    names = [os.path.join(folder, f) for f in sorted(os.listdir(folder))]
    files = tf.train.string_input_producer(tf.constant(names), shuffle=True, num_epochs=1, seed=3)
    styles = tf.train.range_input_producer(num_styles, shuffle=True, seed=11)
    style = styles.dequeue()
    style_f = tf.cast(style, tf.float32) * 10.0
    _, raw = tf.WholeFileReader().read(files)
    tile = tf.strings.to_number(raw)
    return tf.train.shuffle_batch([tile, style_f], batch_size=batch_size, capacity=20, min_after_dequeue=4,
                                  num_threads=1, seed=5)


def main(data_dir):
    folder = os.path.join(data_dir, "fixc1_tiles")
    os.makedirs(folder, exist_ok=True)
    for i in range(12):
        with open(os.path.join(folder, "tile_%02d.txt" % i), "w") as f:
            f.write("%d" % (100 + i))
    tiles, styles = tile_input(folder, 4, 5)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, s = sess.run([tiles, styles])
                batches.append([t.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "tiles: %d" % (4 * len(batches))}

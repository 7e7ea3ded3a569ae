"""`from tensorflow.compat.v1 import train`: `WholeFileReader`s in a comprehension, each read in a second
comprehension by a decoder of another module imported by name (`decode_png`, returning `[image, image_id]`),
joined by `train.batch_join`; a multiset of rows and the batch sizes."""

import glob
import os
import sys

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from list_flow_lib.readers import decode_png  # noqa: E402


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    filename_queue = train.string_input_producer(files, num_epochs=3, shuffle=True, seed=9)
    readers = [tf.WholeFileReader() for _ in range(3)]
    examples = [decode_png(reader.read(filename_queue)[1]) for reader in readers]
    image_batch, id_batch = train.batch_join(examples, batch_size=4, allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                image, image_id = sess.run([image_batch, id_batch])
                sizes.append(len(image_id))
                rows.extend([i, x] for i, x in zip(image.tolist(), image_id.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}

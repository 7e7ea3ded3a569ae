# Held-out round 71: crops of hovercraft skirts (intact / worn / torn), evaluated through a PGNet-style input
# module (``hovercraft71_pgnet.hovercraft_cropped_input.validation_inputs(csv_path, batch_size)``: CSV rows naming JPEG crops, a
# record class, ``decode_jpeg`` + nearest-neighbour resize, ``per_image_standardization``, a two-thread
# ``shuffle_batch`` and an image summary). The evaluation script counts steps per epoch from the module's
# constant and runs until the producer's single epoch ends.
# Writer changes: tiny seeded JPEG crops written by ``encode_jpeg`` in a separate graph.
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

from hovercraft71_pgnet import hovercraft_cropped_input as cropped_input

BATCH_SIZE = 4


def _write_data(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(71)
    rows = ["file,width,height,label"]
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [6, 6, 3])
        jpeg = tf.image.encode_jpeg(pixels, quality=95)
        with tf.Session() as sess:
            for i in range(cropped_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL):
                name = "skirt_%02d.jpg" % i
                data = sess.run(jpeg, {pixels: rng.randint(0, 256, size=(6, 6, 3)).astype(np.uint8)})
                with open(os.path.join(folder, name), "wb") as f:
                    f.write(data)
                rows.append("%s,6,6,%d" % (name, i % cropped_input.NUM_CLASSES))
    with open(os.path.join(folder, "validation.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")


def main(data_dir):
    csv_path = os.path.join(data_dir, "h71_hovercraft")
    _write_data(csv_path)

    with tf.device("/cpu:0"):
        images, labels = cropped_input.validation_inputs(csv_path, BATCH_SIZE)

    num_iter = int(math.ceil(cropped_input.NUM_EXAMPLES_PER_EPOCH_FOR_EVAL / BATCH_SIZE))
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while step < num_iter and not coord.should_stop():
                image_value, label_value = sess.run([images, labels])
                batches.append([np.round(image_value, 3).tolist(), label_value.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print("validation epoch finished")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "skirt crops: %d" % sum(len(b[1]) for b in batches)}

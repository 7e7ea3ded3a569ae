"""Multi-task faces: an InputPipeline object (another module) called for (images, {task: labels})."""
import os

import numpy as np
import tensorflow as tf

from r27e_lib import tasks
from r27e_lib.inputs import InputPipeline

tf1 = tf.compat.v1


def main(data_dir):
    names, labels = tasks.write_faces(os.path.join(data_dir, "multitask_call"))
    pipeline = InputPipeline(names, labels, batch_size=3,
                             preprocess_fn=lambda im: tf.image.flip_up_down(tf.cast(im, tf.float32)) / 127.5 - 1.0)
    images, heads = pipeline()
    out = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, h = sess.run([images, heads])
                row = {t: h[t].tolist() for t in h}
                row["pixel"] = np.round(im[:, 0, 0, 0], 4).tolist()
                out.append(row)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

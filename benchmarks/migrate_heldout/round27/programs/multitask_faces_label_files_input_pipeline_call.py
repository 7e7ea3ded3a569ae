"""Multi-task face attributes: three label files, an InputPipeline object called for (images, {task: labels})."""
import os

import numpy as np
import tensorflow as tf

from multitask27_lib import labels as label_io
from multitask27_lib.inputs import InputPipeline

tf1 = tf.compat.v1


def write_faces(root, n=7):
    os.makedirs(os.path.join(root, "faces"), exist_ok=True)
    names = ["face_%02d.png" % i for i in range(n)]
    with tf.Graph().as_default():
        ph = tf1.placeholder(tf.uint8, [3, 3, 1])
        enc = tf.image.encode_png(ph)
        with tf1.Session() as sess:
            for i, name in enumerate(names):
                with open(os.path.join(root, "faces", name), "wb") as f:
                    f.write(sess.run(enc, {ph: np.full((3, 3, 1), 30 * i, np.uint8)}))
    label_io.write_label_files(root, names)


def main(data_dir):
    root = os.path.join(data_dir, "h27_multitask_faces_label_files_input_pipeline_call")
    write_faces(root)
    names, labels = label_io.read_label_files(root)
    pipeline = InputPipeline(root, names, labels, batch_size=3,
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
            end = "all %d faces" % sum(len(r["pixel"]) for r in out)
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

"""Facial-recognition style package: a config module, read_and_decode with set_shape + reshape, input_producer with
shuffle_batch, `from tensorflow.compat.v1 import train`."""
import os

import tensorflow.compat.v1 as tf

from face33_lib import input as face_input
from face33_lib.records import write_faces


def main(data_dir):
    folder = os.path.join(data_dir, "h33_faces")
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, "faces.tfrecords")
    write_faces(filename, 12)
    images, labels = face_input.input_producer(filename, batch_size=4, min_after_queue=3, num_epochs=1)
    one_hot = tf.one_hot(labels, 4)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            im, lb, oh = sess.run([images, labels, one_hot])
            batches.append([im.tolist(), lb.tolist(), oh.tolist()])
    except tf.errors.OutOfRangeError:
        end = "faces: %d steps" % len(batches)
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

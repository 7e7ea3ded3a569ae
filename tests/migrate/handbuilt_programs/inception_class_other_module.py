"""The image inputs made by a class of another module (``hb_lib.image_inputs``): a FIFOQueue of examples,
copies of parse + preprocess joined by ``batch_join`` (no short batch: 180 records in batches of 20); a
MonitoredSession loop."""

import tensorflow.compat.v1 as tf

from hb_lib.image_inputs import ImageInputs


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/records-*.tfrecord"))
    images, labels = ImageInputs(files, 20, num_threads=3).distorted()
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            im, lab = sess.run([images, labels])
            batches.append([im.tolist(), lab.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}

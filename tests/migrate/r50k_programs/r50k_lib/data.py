"""Writes the records every program of this folder reads."""
import os

import tensorflow.compat.v1 as tf

SPOTS = [b"Tarifa", b"Dakhla", b"Cabarete", b"Le Morne"]


def write(data_dir, name, count=12):
    root = os.path.join(data_dir, "r50k_" + name)
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "sessions.tfrecord")
    with tf.python_io.TFRecordWriter(path) as writer:
        for k in range(count):
            writer.write(tf.train.Example(features=tf.train.Features(feature={
                "spot": tf.train.Feature(bytes_list=tf.train.BytesList(value=[SPOTS[k % 4]])),
                "jumps": tf.train.Feature(int64_list=tf.train.Int64List(value=[k * 3 + 1])),
            })).SerializeToString())
    return path


def run(sess_batches, steps):
    """Runs ``steps`` batches of ``(spots, jumps)`` in a session with the queue runners started."""
    spots, jumps = sess_batches
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(steps):
            s, j = sess.run([spots, jumps])
            out.append([[x.decode() for x in s], j.tolist()])
        coord.request_stop()
        coord.join(threads)
    return out

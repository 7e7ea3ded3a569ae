"""Exoplanet light curves: no batching at all; each `sess.run` fetches one parsed record straight from the
reader; a bare `Session`, the deprecated `tf.initialize_local_variables()`."""
import os

import tensorflow.compat.v1 as tf

POINTS = 6


def write_curves(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "curves.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for star in range(11):
            flux = [1.0 - (0.02 if (t + star) % 5 == 0 else 0.0) + 0.001 * star for t in range(POINTS)]
            feature = {
                "flux": tf.train.Feature(float_list=tf.train.FloatList(value=flux)),
                "kepid": tf.train.Feature(int64_list=tf.train.Int64List(value=[10000 + star])),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def main(data_dir):
    path = write_curves(os.path.join(data_dir, "h18_lightcurves"))
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {
        "flux": tf.FixedLenFeature([POINTS], tf.float32),
        "kepid": tf.FixedLenFeature([], tf.int64),
    })
    flux = parsed["flux"] / tf.reduce_max(parsed["flux"])
    depth = 1.0 - tf.reduce_min(flux)
    sess = tf.Session()
    sess.run(tf.initialize_local_variables())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    records = []
    try:
        while True:
            f, kepid, d = sess.run([flux, parsed["kepid"], depth])
            records.append([[round(float(v), 5) for v in f], int(kepid), round(float(d), 5)])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": records, "end": len(records)}

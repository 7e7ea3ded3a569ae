import os

import numpy as np
import tensorflow.compat.v1 as tf

from traffic42_lib.tfrecord_utils import tfrecord_write_example
from traffic42_lib.tfrecord_utils import tfrecord_read_and_decode_single_example, tfrecord_read_batch

IMG_SHAPE = [3, 4, 1]
LABELS = ['vehicle_count', 'congestion']


def _write_frames(filename):
    rng = np.random.RandomState(4211)
    with tf.python_io.TFRecordWriter(filename) as writer:
        for i in range(10):
            frame = rng.randint(0, 256, size=IMG_SHAPE).astype(np.uint8)
            count = int(rng.randint(0, 25))
            tfrecord_write_example(writer, frame, {'vehicle_count': count, 'congestion': int(count > 12)})


def main(data_dir):
    root = os.path.join(data_dir, 'h42_traffic_camera_counts')
    if not os.path.isdir(root):
        os.makedirs(root)
    filename = os.path.join(root, 'cam_0412_val.tfrecords')
    _write_frames(filename)

    img, label = tfrecord_read_and_decode_single_example(filename, IMG_SHAPE, LABELS, num_epochs=1)
    img_batch, count_batch, jam_batch = tfrecord_read_batch(img, label, 4, shuffle=False, capacity=20)
    mean_count = tf.reduce_mean(tf.cast(count_batch, tf.float32))

    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        for step in range(100):
            if coord.should_stop():
                break
            frames, counts, jams, mean = sess.run([img_batch, count_batch, jam_batch, mean_count])
            batches.append([np.round(frames.astype(np.float64), 4).tolist(), counts.tolist(), jams.tolist()])
    except tf.errors.OutOfRangeError as e:
        coord.request_stop(e)
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "frames: %d" % sum(len(b[1]) for b in batches)}

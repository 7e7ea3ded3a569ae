import os

import numpy as np
import tensorflow.compat.v1 as tf

from pcb63_lib import pcb_input
from pcb63_lib.config import FLAGS


def maybe_write_aoi_export(data_dir):
    rng = np.random.RandomState(6310)
    if not os.path.exists(data_dir):
        os.makedirs(data_dir)
    for line in (1, 2):
        with open(os.path.join(data_dir, 'line_%d.bin' % line), 'wb') as f:
            for i in range(12):
                board = 1000 * line + i
                f.write(bytes([i % pcb_input.NUM_CLASSES, board // 256, board % 256]))
                f.write(rng.randint(0, 256, pcb_input.IMAGE_SIZE * pcb_input.IMAGE_SIZE).astype(np.uint8).tobytes())


def train():
    data_dir = FLAGS.data_dir
    images, labels, boards = pcb_input.distorted_inputs(data_dir=data_dir, batch_size=FLAGS.batch_size, num_epochs=1)
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session(config=tf.ConfigProto(log_device_placement=FLAGS.log_device_placement))
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    seen = []
    try:
        for step in range(FLAGS.max_steps):
            if coord.should_stop():
                break
            im, lb, bd = sess.run([images, labels, boards])
            seen.append([np.round(im, 4).tolist(), lb.tolist(), bd.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return seen


def main(data_dir):
    FLAGS.data_dir = os.path.join(data_dir, 'h63_pcb_solder_joint_crops_fixed_length_records_config_flags_object_distorted_inputs_shuffle_batch_two_threads_package')
    maybe_write_aoi_export(FLAGS.data_dir)
    return {'batches': train(), 'end': 'OutOfRange'}

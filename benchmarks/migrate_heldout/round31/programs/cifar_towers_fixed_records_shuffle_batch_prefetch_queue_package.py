"""A binary of the CIFAR multi-GPU trainer: one prefetched batch dequeued per tower."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from cifar31_lib import cifar10
from cifar31_lib import cifar10_input


class FLAGS(object):
    batch_size = 4
    num_gpus = 2
    num_epochs = 1
    log_device_placement = False


def write_bins(data_dir):
    rng = np.random.RandomState(10)
    for i in range(1, 3):
        records = []
        for k in range(8):
            label = rng.randint(0, 10)
            image = rng.randint(0, 256, size=3 * 2 * 2)
            records.append(np.concatenate([[label], image]).astype(np.uint8).tobytes())
        with open(os.path.join(data_dir, 'data_batch_%d.bin' % i), 'wb') as f:
            f.write(b''.join(records))


def train(data_dir):
    with tf.device('/cpu:0'):
        global_step = tf.train.get_or_create_global_step()
        images, labels = cifar10_input.distorted_inputs(data_dir, FLAGS.batch_size, FLAGS.num_epochs)
        batch_queue = cifar10.prefetch_queue([images, labels], capacity=2 * FLAGS.num_gpus)

    tower_outputs = []
    with tf.variable_scope(tf.get_variable_scope()):
        for i in range(FLAGS.num_gpus):
            with tf.device('/gpu:%d' % i):
                with tf.name_scope('%s_%d' % (cifar10.TOWER_NAME, i)) as scope:
                    image_batch, label_batch = batch_queue.dequeue()
                    tower_outputs.append(cifar10.tower_summary(image_batch, label_batch, scope))
                    tf.get_variable_scope().reuse_variables()
    return global_step, tower_outputs


def main(data_dir):
    data_dir = os.path.join(data_dir, 'h31_cifar_towers')
    os.makedirs(data_dir, exist_ok=True)
    write_bins(data_dir)

    global_step, tower_outputs = train(data_dir)
    fetches = [{'mean': t['mean'], 'label': t['label']} for t in tower_outputs]

    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True,
                                            log_device_placement=FLAGS.log_device_placement))
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    step = 0
    try:
        while not coord.should_stop():
            outs = sess.run(fetches)
            for out in outs:
                batches.append({'mean': np.round(out['mean'].astype(np.float64), 4).tolist(), 'label': out['label'].tolist()})
            step += 1
    except tf.errors.OutOfRangeError:
        end = 'Done training after %d steps of %d towers' % (step, FLAGS.num_gpus)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

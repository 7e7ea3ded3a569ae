#!/usr/bin/env python
# Shot-speed radar readings of a lacrosse club, trained the way horovod's
# examples/tensorflow_mnist.py trains: hvd.init(), per-rank data, the learning
# rate scaled by hvd.size(), DistributedOptimizer, BroadcastGlobalVariablesHook,
# StopAtStepHook(last_step=... // hvd.size()), MonitoredTrainingSession.
# The data comes from a per-rank TFRecord file through a shuffle_batch queue.

import os

import numpy as np
import tensorflow.compat.v1 as tf

from hvd68_lib import horovod_tf as hvd



def write_shots(path, rank):
    rng = np.random.RandomState(100 + rank)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(12):
            stick = i % 3
            speed = 80.0 + 8.0 * stick + float(rng.randint(0, 15))
            ex = tf.train.Example(features=tf.train.Features(feature={
                'shot_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                'player': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[('attack%d' % (i % 4)).encode('utf-8')])),
                'stick': tf.train.Feature(int64_list=tf.train.Int64List(value=[stick])),
                'speed_kmh': tf.train.Feature(float_list=tf.train.FloatList(value=[speed])),
            }))
            writer.write(ex.SerializeToString())


def shot_inputs(path, batch_size):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, seed=hvd.rank() + 7)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    f = tf.parse_single_example(serialized, features={
        'shot_id': tf.FixedLenFeature([], tf.int64),
        'player': tf.FixedLenFeature([], tf.string),
        'stick': tf.FixedLenFeature([], tf.int64),
        'speed_kmh': tf.FixedLenFeature([], tf.float32),
    })
    return tf.train.shuffle_batch(
        [f['shot_id'], f['player'], f['stick'], f['speed_kmh']],
        batch_size=batch_size, capacity=10 + 3 * batch_size, min_after_dequeue=4,
        num_threads=2, seed=68)


def main(data_dir):
    # Horovod: initialize Horovod.
    hvd.init()

    folder = os.path.join(data_dir, 'h68_lacrosse')
    if not os.path.exists(folder):
        os.makedirs(folder)
    # Horovod: each rank reads its own copy of the data.
    path = os.path.join(folder, 'shots-%d.tfrecords' % hvd.rank())
    write_shots(path, hvd.rank())

    shot_id, player, stick, speed = shot_inputs(path, batch_size=4)
    x = tf.one_hot(stick, 3)
    w = tf.get_variable('w', [3, 1], initializer=tf.zeros_initializer())
    pred = tf.squeeze(tf.matmul(x, w), axis=1)
    loss = tf.reduce_mean(tf.square(pred - speed / 100.0))

    # Horovod: adjust learning rate based on number of GPUs.
    opt = tf.train.AdagradOptimizer(0.01 * hvd.size())

    # Horovod: add Horovod Distributed Optimizer.
    opt = hvd.DistributedOptimizer(opt)

    global_step = tf.train.get_or_create_global_step()
    train_op = opt.minimize(loss, global_step=global_step)

    hooks = [
        # Horovod: BroadcastGlobalVariablesHook broadcasts initial variable states
        # from rank 0 to all other processes. This is necessary to ensure consistent
        # initialization of all workers when training is started with random weights
        # or restored from a checkpoint.
        hvd.BroadcastGlobalVariablesHook(0),

        # Horovod: adjust number of steps based on number of GPUs.
        tf.train.StopAtStepHook(last_step=20000 // hvd.size()),
    ]

    # Horovod: pin GPU to be used to process local rank (one GPU per process)
    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    config.gpu_options.visible_device_list = str(hvd.local_rank())

    # Horovod: save checkpoints only on worker 0 to prevent other workers from
    # corrupting them.
    # checkpoint_dir = './checkpoints' if hvd.rank() == 0 else None
    checkpoint_dir = None

    batches = []
    # The MonitoredTrainingSession takes care of session initialization,
    # restoring from a checkpoint, saving to a checkpoint, and closing when done
    # or an error occurs.
    with tf.train.MonitoredTrainingSession(checkpoint_dir=checkpoint_dir,
                                           hooks=hooks,
                                           config=config) as mon_sess:
        while not mon_sess.should_stop():
            # Run a training step synchronously.
            _, s, p, k, v = mon_sess.run([train_op, shot_id, player, stick, speed])
            batches.append([s.tolist(), [b.decode('utf-8') for b in p], k.tolist(),
                            np.round(v, 2).tolist()])
    return {"batches": batches, "end": "shots: %d" % sum(len(b[0]) for b in batches)}

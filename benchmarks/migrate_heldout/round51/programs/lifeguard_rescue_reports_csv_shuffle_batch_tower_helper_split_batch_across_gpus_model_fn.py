"""Utility for towering model across GPUs, used on beach lifeguard rescue reports.
"""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def tower(model_fn, batch_input, batch_target, gpus):
    """Creates a towered model with operations on GPUs and Variables on CPU

    The batch is split along the first axis across the GPUs, you must make sure
    the batch is evenly divisible with the number of GPUs.

    Args:
        model_fn: Accepts input and target tensors and returns a loss tensor
        batch_input: Batch of inputs to split across GPUs
        batch_target: Batch of targets to split across GPUs
        gpus: Sequence of GPU index to split across
    """
    input_splits = tf.split(batch_input, len(gpus), axis=0)
    target_splits = tf.split(batch_target, len(gpus), axis=0)
    outputs = []
    for i, gpu in enumerate(gpus):
        with tf.device('/gpu:%d' % gpu), tf1.variable_scope('tower', reuse=(i > 0)):
            outputs.append(model_fn(input_splits[i], target_splits[i]))
    return outputs


def model_fn(inputs, targets):
    w = tf1.get_variable('w', [3], initializer=tf1.constant_initializer(0.5))
    pred = tf.reduce_sum(inputs * w, axis=1)
    loss = tf.square(pred - targets)
    return inputs, targets, loss


def write_reports(root):
    rng = np.random.RandomState(1911)
    beaches = ['north', 'pier', 'cove']
    paths = []
    k = 0
    for b in beaches:
        p = os.path.join(root, 'rescues_%s.csv' % b)
        with open(p, 'w') as f:
            for _ in range(4):
                f.write('%d,%s,%.1f,%.1f,%d,%d\n' % (k, b, rng.uniform(0.2, 2.5), rng.uniform(5, 120),
                                                    rng.randint(1, 4), rng.randint(2, 30)))
                k += 1
        paths.append(p)
    return paths


def main(data_dir):
    root = os.path.join(data_dir, 'h51_lifeguard_rescues')
    if not os.path.isdir(root):
        os.makedirs(root)
    paths = write_reports(root)

    with tf.device('/cpu:0'):
        filename_queue = tf1.train.string_input_producer(paths, num_epochs=1, seed=51)
        reader = tf1.TextLineReader()
        _, line = reader.read(filename_queue)
        rescue_id, beach, wave_m, distance_m, victims, minutes = tf1.decode_csv(
            line, [[0], [''], [0.], [0.], [0], [0]])
        features = tf.stack([wave_m, distance_m / 100., tf.cast(victims, tf.float32)])
        target = tf.cast(minutes, tf.float32) / 10.
        batch_input, batch_target, batch_ids = tf1.train.shuffle_batch(
            [features, target, rescue_id], batch_size=4, capacity=20, min_after_dequeue=4,
            num_threads=2, seed=51)

    outputs = tower(model_fn, batch_input, batch_target, gpus=[0, 1])
    id_splits = tf.split(batch_ids, 2, axis=0)

    batches = []
    sess = tf1.Session(config=tf1.ConfigProto(allow_soft_placement=True))
    sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            towers, ids = sess.run([outputs, id_splits])
            for (x, y, loss), i in zip(towers, ids):
                batches.append([i.tolist(), np.round(x.astype(np.float64), 4).tolist(),
                                np.round(y.astype(np.float64), 4).tolist(),
                                np.round(loss.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "rescues: %d" % sum(len(b[0]) for b in batches)}

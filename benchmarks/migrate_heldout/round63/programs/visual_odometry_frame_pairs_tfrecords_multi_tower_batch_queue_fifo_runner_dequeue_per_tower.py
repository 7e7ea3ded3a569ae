from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_TOWERS = 2
TOWER_NAME = 'tower'
FRAME = 4


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def make_records(path):
    rng = np.random.RandomState(6304)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(24):
        prev = rng.randint(0, 256, (FRAME, FRAME)).astype(np.uint8)
        cur = rng.randint(0, 256, (FRAME, FRAME)).astype(np.uint8)
        pose = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-0.2, 0.2)], np.float32).round(3)
        writer.write(tf.train.Example(features=tf.train.Features(feature={
            'frame_prev': _bytes(prev.tobytes()), 'frame_cur': _bytes(cur.tobytes()),
            'delta_pose': _bytes(pose.tobytes()),
            'seq': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())
    writer.close()


def distorted_inputs(path, batch_size):
    fq = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, ser = tf.TFRecordReader().read(fq)
    feats = tf.parse_single_example(ser, {
        'frame_prev': tf.FixedLenFeature([], tf.string), 'frame_cur': tf.FixedLenFeature([], tf.string),
        'delta_pose': tf.FixedLenFeature([], tf.string), 'seq': tf.FixedLenFeature([], tf.int64)})
    prev = tf.reshape(tf.decode_raw(feats['frame_prev'], tf.uint8), [FRAME, FRAME, 1])
    cur = tf.reshape(tf.decode_raw(feats['frame_cur'], tf.uint8), [FRAME, FRAME, 1])
    stacked = tf.cast(tf.concat([prev, cur], axis=2), tf.float32) / 255.0
    pose = tf.reshape(tf.decode_raw(feats['delta_pose'], tf.float32), [3])
    return tf.train.batch([stacked, pose, feats['seq']], batch_size=batch_size, num_threads=1, capacity=4 * batch_size)


def train(path):
    with tf.device('/cpu:0'):
        images, poses, seqs = distorted_inputs(path, batch_size=3)
        batch_queue = tf.FIFOQueue(capacity=2 * NUM_TOWERS, dtypes=[images.dtype, poses.dtype, seqs.dtype],
                                   shapes=[images.get_shape(), poses.get_shape(), seqs.get_shape()])
        enqueue = batch_queue.enqueue([images, poses, seqs])
        tf.train.add_queue_runner(tf.train.QueueRunner(batch_queue, [enqueue]))
        tower_fetches = []
        with tf.variable_scope(tf.get_variable_scope()):
            for i in range(NUM_TOWERS):
                with tf.name_scope('%s_%d' % (TOWER_NAME, i)):
                    # Dequeues one batch for the tower
                    image_batch, pose_batch, seq_batch = batch_queue.dequeue()
                    tower_fetches.append([image_batch, pose_batch, seq_batch])
                    tf.get_variable_scope().reuse_variables()
    return tower_fetches


def main(data_dir):
    d = os.path.join(data_dir, 'h63_visual_odometry_frame_pairs_tfrecords_multi_tower_batch_queue_fifo_runner_dequeue_per_tower')
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'kitti_like_seq00.tfrecords')
    make_records(path)
    towers = train(path)
    sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True, log_device_placement=False))
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    out = []
    end = None
    for step in range(100):
        try:
            fetched = sess.run(towers)
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError at step %d' % step
            break
        for im, po, sq in fetched:
            out.append([np.round(im, 5).tolist(), po.tolist(), sq.tolist()])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {'batches': out, 'end': end}

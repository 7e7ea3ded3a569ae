"""tf_cnn_benchmarks-style input: per-split image batches put into a StagingArea per device; one warm-up
`put` before the loop, then every step runs the `get` side and the next `put` together."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops

from bench_lib import preprocessing

BATCH_SIZE = 4
NUM_SPLITS = 2
NUM_BATCHES = 6


def write_shards(folder):
    os.makedirs(folder, exist_ok=True)
    n = 0
    for shard in range(4):
        with tf.python_io.TFRecordWriter(os.path.join(folder, 'train-%05d-of-00004' % shard)) as w:
            for _ in range(5):
                pixels = bytes((n * 13 + k * 7) % 256 for k in range(2 * 2 * 3))
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels])),
                    'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 10])),
                    'image/class/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'c%d' % n])),
                }))
                w.write(ex.SerializeToString())
                n += 1


def build_staged_inputs(data_dir):
    preprocessor = preprocessing.RecordInputImagePreprocessor(2, 2, BATCH_SIZE, NUM_SPLITS)
    with tf.device('/cpu:0'):
        images_splits, labels_splits = preprocessor.minibatch(os.path.join(data_dir, 'train-*'), 'train')
    staging_put_ops, staged = [], []
    for device_num in range(NUM_SPLITS):
        with tf.device('/cpu:0'):
            images_shape = images_splits[device_num].get_shape()
            labels_shape = labels_splits[device_num].get_shape()
            gpu_copy_stage = data_flow_ops.StagingArea([tf.float32, tf.int32],
                                                       shapes=[images_shape, labels_shape])
            gpu_copy_stage_op = gpu_copy_stage.put([images_splits[device_num], labels_splits[device_num]])
            staging_put_ops.append(gpu_copy_stage_op)
            host_images, host_labels = gpu_copy_stage.get()
            staged.append((host_images, host_labels))
    return staging_put_ops, staged


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_imagenet_benchmarks_staging_area_warmup')
    write_shards(folder)
    enqueue_ops, staged = build_staged_inputs(folder)
    fetches = []
    for images, labels in staged:
        fetches += [tf.reduce_sum(images, axis=[1, 2, 3]), labels]
    local_var_init_op = tf.local_variables_initializer()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), local_var_init_op])
        coord = tf.train.Coordinator()
        queue_threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        sess.run(enqueue_ops)  # warm up the staging areas
        for step in range(NUM_BATCHES):
            results = sess.run(fetches + [enqueue_ops])[:-1]
            batches.append({
                'tower0_sum': [round(float(v), 4) for v in results[0]],
                'tower0_label': results[1].tolist(),
                'tower1_sum': [round(float(v), 4) for v in results[2]],
                'tower1_label': results[3].tolist(),
            })
        coord.request_stop()
        coord.join(queue_threads, stop_grace_period_secs=5)
    return {'batches': batches, 'end': 'steps'}

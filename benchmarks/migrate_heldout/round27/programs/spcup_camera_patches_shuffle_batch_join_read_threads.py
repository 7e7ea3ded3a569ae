"""Camera-model identification patches (SPCup style): TFRecords, a list of read_from_tfrecord per read thread,
shuffle_batch_join."""
import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def write_records(root):
    os.makedirs(root, exist_ok=True)
    files = []
    for shard, quality in enumerate((85, 80)):
        path = os.path.join(root, "q%d_train.tfrecords" % quality)
        with v1.python_io.TFRecordWriter(path) as w:
            for i in range(6):
                idx = shard * 6 + i
                patch = np.full((2, 2, 3), idx, np.uint8).tobytes()
                label = np.array([idx % 4], np.int32).tobytes()
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "label": tf.train.Feature(bytes_list=tf.train.BytesList(value=[label])),
                    "patch_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[patch])),
                }))
                w.write(ex.SerializeToString())
        files.append(path)
    return files


def read_from_tfrecord(tfrecord_file_queue):
    reader = v1.TFRecordReader()
    _, tfrecord_serialized = reader.read(tfrecord_file_queue)
    tfrecord_features = v1.parse_single_example(tfrecord_serialized, features={
        "label": v1.FixedLenFeature([], tf.string),
        "patch_raw": v1.FixedLenFeature([], tf.string),
    }, name="features")
    image = v1.decode_raw(tfrecord_features["patch_raw"], tf.uint8)
    ground_truth = v1.decode_raw(tfrecord_features["label"], tf.int32)
    image = tf.reshape(image, [2, 2, 3])
    ground_truth = tf.reshape(ground_truth, [1])
    return image, ground_truth


def input_pipeline(filenames, batch_size, read_threads=2, num_epochs=None):
    filename_queue = v1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True)
    example_list = [read_from_tfrecord(filename_queue) for _ in range(read_threads)]
    min_after_dequeue = 3
    capacity = min_after_dequeue + 3 * batch_size
    return v1.train.shuffle_batch_join(example_list, batch_size=batch_size, capacity=capacity,
                                       min_after_dequeue=min_after_dequeue)


def main(data_dir):
    files = write_records(os.path.join(data_dir, "h27_spcup_camera_patches_shuffle_batch_join_read_threads"))
    image, label = input_pipeline(files, 4, num_epochs=1)
    config = v1.ConfigProto()
    config.gpu_options.allow_growth = True
    batches = []
    with v1.Session(config=config) as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(coord=coord)
        try:
            while True:
                im, lab = sess.run([image, label])
                batches.append([im[:, 0, 0, 0].astype(int).tolist(), lab[:, 0].tolist()])
        except tf.errors.OutOfRangeError:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRange after %d" % len(batches)}

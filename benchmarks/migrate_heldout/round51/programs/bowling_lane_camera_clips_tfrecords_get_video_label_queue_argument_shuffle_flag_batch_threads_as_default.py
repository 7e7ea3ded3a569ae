#!/usr/bin/python
"""File to read tfrecords and return labels,videos (bowling lane camera: pins knocked per throw)"""
import tensorflow as tf
import numpy as np
import sys
import os

tf1 = tf.compat.v1

FRAMES, H, W = 3, 2, 2


def write_clips(tfrecords_filename):
    rng = np.random.RandomState(300)
    writer = tf.io.TFRecordWriter(tfrecords_filename)
    for i in range(12):
        video = rng.uniform(0, 1, size=(FRAMES, H, W, 1)).astype(np.float32)
        feature = {'val/video': tf.train.Feature(bytes_list=tf.train.BytesList(value=[video.tobytes()])),
                   'val/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 11])),
                   'val/throw': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}
        writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    writer.close()


def get_video_label_tfrecords(filename_queue,batch_size,shuffle=False):
    feature = {'val/video': tf1.FixedLenFeature([], tf.string),
              'val/label': tf1.FixedLenFeature([], tf.int64),
              'val/throw': tf1.FixedLenFeature([], tf.int64)}
    # Define a reader and read the next record
    reader = tf1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    # Decode the record read by the reader
    features = tf1.parse_single_example(serialized_example, features=feature)
    # Cast label data into int32
    label = tf.cast(features['val/label'], tf.int32)
    video_dec = tf1.decode_raw(features['val/video'],np.float32)
    # Reshape image data into the original shape
    #print image.get_shape().as_list()
    video = tf.reshape(video_dec, [FRAMES, H, W, 1])
    throw = features['val/throw']
    # Creates batches by randomly shuffling tensors
    if shuffle:
        videos, labels, throws = tf1.train.shuffle_batch([video, label, throw], batch_size=batch_size, capacity=30, num_threads=2, min_after_dequeue=10)
        return videos,labels,throws
    videos, labels, throws = tf1.train.batch([video, label, throw], batch_size=batch_size, capacity=30, num_threads=2)
    return videos, labels, throws

def test_tfrecord_read(tfrecords_filename):
    out = []
    with tf1.Session().as_default() as sess:
        filename_queue = tf1.train.string_input_producer([tfrecords_filename], num_epochs=1)
        videos,labels,throws = get_video_label_tfrecords(filename_queue,4)
        init_op = tf.group(tf1.global_variables_initializer(),
        tf1.local_variables_initializer())
        sess.run(init_op)
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(coord=coord,sess=sess)
        try:
            while True:
                videos_batch,labels_batch,throws_batch = sess.run([videos,labels,throws])
                out.append([throws_batch.tolist(), labels_batch.tolist(),
                            np.round(videos_batch.astype(np.float64).sum(axis=(1, 2, 3, 4)), 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out

def main(data_dir):
    root = os.path.join(data_dir, 'h51_lane_clips')
    if not os.path.isdir(root):
        os.makedirs(root)
    path = os.path.join(root, 'val_lane3.tfrecords')
    write_clips(path)
    batches = test_tfrecord_read(path)
    return {"batches": batches, "end": "throws: %d" % sum(len(b[0]) for b in batches)}

if __name__=="__main__":
    main(sys.argv[1])

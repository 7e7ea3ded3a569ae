import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import gfile
from tensorflow.compat.v1 import logging

num_epochs = 1

batch_size = 3


def write_deliveries(folder):
    # ball-tracking summaries of each delivery: mean of four tracker channels, two outcome labels
    if not gfile.Exists(folder):
        gfile.MakeDirs(folder)
    rng = np.random.RandomState(5)
    for shard in range(2):
        with tf.io.TFRecordWriter(os.path.join(folder, 'train%d.tfrecord' % shard)) as w:
            for i in range(6):
                n = shard * 6 + i
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'video_id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'over%d_ball%d' % (n // 6, n % 6 + 1)])),
                    'labels': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % 4, 4 + n % 3])),
                    'mean_inc3': tf.train.Feature(float_list=tf.train.FloatList(
                        value=np.round(rng.uniform(0, 1, 4), 3).tolist()))}))
                w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h57_cricket_deliveries')
    write_deliveries(folder)
    data_pattern = os.path.join(folder, 'train*.tfrecord')

    #files = [gfile.Glob(data_pattern[i]) for i in range(len(data_pattern))]

    files = gfile.Glob(data_pattern)
    if not files:
        raise IOError("Unable to find training files. data_pattern='" +
                      str(data_pattern) + "'.")

    logging.info("Number of training files: %s.", str(len(files)))

    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True)

    reader = tf.TFRecordReader()

    _, serialized_examples = reader.read_up_to(filename_queue, batch_size)

    feature_map = {"video_id": tf.FixedLenFeature([], tf.string),
                   "labels": tf.VarLenFeature(tf.int64),
                   "mean_inc3": tf.FixedLenFeature(4, tf.float32)}

    features = tf.parse_example(serialized_examples, features=feature_map)
    labels = tf.sparse_tensor_to_dense(features["labels"])

    init_local_op = tf.local_variables_initializer()

    batches = []
    with tf.Session() as sess:
        sess.run(init_local_op)

        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        for i in range(4):
            #sess.run(features)
            vid, lab, mean = sess.run([features["video_id"], labels, features["mean_inc3"]])
            batches.append([[v.decode() for v in vid], lab.tolist(), np.round(mean.astype(np.float64), 3).tolist()])
            #print(len(ex))

        coord.request_stop()
        coord.join()
    return {"batches": batches, "end": "deliveries: %d" % sum(len(b[0]) for b in batches)}

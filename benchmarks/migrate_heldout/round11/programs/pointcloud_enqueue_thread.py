"""Point-cloud classifier input (PointNet-era): the clouds are loaded in numpy by a provider, a function run in
a threading.Thread feeds them in chunks through placeholders into a FIFOQueue (enqueue_many) and closes it at
the end; the model dequeues fixed batches until the queue is empty."""

import glob
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

NUM_POINT = 3
BATCH_SIZE = 10
CHUNK = 7


def load_clouds(data_dir):
    """Each TFRecord example's x is taken as a tiny cloud of NUM_POINT scalar points, label its class."""
    clouds, labels = [], []
    for path in sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))):
        for raw in tf.io.tf_record_iterator(path):
            example = tf.train.Example.FromString(raw)
            clouds.append(list(example.features.feature["x"].float_list.value))
            labels.append(example.features.feature["label"].int64_list.value[0] % 40)
    return np.array(clouds, np.float32), np.array(labels, np.int32)


def load_and_enqueue(sess, enqueue_op, pointclouds_pl, labels_pl, close_op, coord, data, num_epochs):
    clouds, labels = data
    try:
        for epoch in range(num_epochs):
            for start in range(0, len(clouds), CHUNK):
                if coord.should_stop():
                    return
                sess.run(enqueue_op, feed_dict={pointclouds_pl: clouds[start:start + CHUNK],
                                                labels_pl: labels[start:start + CHUNK]})
        sess.run(close_op)
    except Exception as e:  # noqa: BLE001
        coord.request_stop(e)


def main(data_dir):
    data = load_clouds(data_dir)
    pointclouds_pl = tf.placeholder(tf.float32, shape=(None, NUM_POINT))
    labels_pl = tf.placeholder(tf.int32, shape=(None,))
    queue = tf.FIFOQueue(capacity=100, dtypes=[tf.float32, tf.int32], shapes=[[NUM_POINT], []])
    enqueue_op = queue.enqueue_many([pointclouds_pl, labels_pl])
    close_op = queue.close()
    batch_clouds, batch_labels = queue.dequeue_many(BATCH_SIZE)
    centered = batch_clouds - tf.reduce_mean(batch_clouds, axis=1, keepdims=True)

    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=load_and_enqueue,
                         args=(sess, enqueue_op, pointclouds_pl, labels_pl, close_op, coord, data, 2))
    t.daemon = True
    t.start()
    end = None
    try:
        while not coord.should_stop():
            c, l = sess.run([centered, batch_labels])
            batches.append([[[round(v, 4) for v in row] for row in c.tolist()], l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {"batches": batches, "end": end}

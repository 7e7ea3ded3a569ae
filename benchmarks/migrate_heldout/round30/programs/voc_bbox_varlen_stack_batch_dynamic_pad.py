"""Detection records: a raw image plus VarLen box coordinates stacked into [N, 5] labels, `train.batch(dynamic_pad=True)`
pads the box lists of each batch to its longest."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

IMG = 4


def write_records(data_dir):
    root = os.path.join(data_dir, "h30_voc_boxes")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(304)
    path = os.path.join(root, "voc_train.tfrecords")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(8):
            n = 1 + (i * 2) % 3
            image = rng.rand(IMG, IMG, 3).astype(np.float32)
            xmin = np.round(rng.rand(n) * 0.5, 3)
            ymin = np.round(rng.rand(n) * 0.5, 3)
            feature = {
                'train/image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                'train/label_xmin': tf.train.Feature(float_list=tf.train.FloatList(value=xmin)),
                'train/label_ymin': tf.train.Feature(float_list=tf.train.FloatList(value=ymin)),
                'train/label_xmax': tf.train.Feature(float_list=tf.train.FloatList(value=xmin + 0.25)),
                'train/label_ymax': tf.train.Feature(float_list=tf.train.FloatList(value=ymin + 0.25)),
                'train/label_class': tf.train.Feature(float_list=tf.train.FloatList(value=rng.randint(1, 20, n))),
            }
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def read_and_decode(filename_queue, batch_size):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    feature = {'train/image': tf.FixedLenFeature([], tf.string),
               'train/label_xmin': tf.VarLenFeature(tf.float32),
               'train/label_ymin': tf.VarLenFeature(tf.float32),
               'train/label_xmax': tf.VarLenFeature(tf.float32),
               'train/label_ymax': tf.VarLenFeature(tf.float32),
               'train/label_class': tf.VarLenFeature(tf.float32)}
    features = tf.parse_single_example(serialized_example, features=feature)
    image = tf.decode_raw(features['train/image'], tf.float32)
    label = tf.stack([features['train/label_%s' % x].values for x in ['xmin', 'ymin', 'xmax', 'ymax', 'class']])
    label = tf.transpose(label, [1, 0])
    image = tf.reshape(image, [IMG, IMG, 3])
    images, labels = tf.train.batch([image, label], batch_size=batch_size, capacity=32, num_threads=1,
                                    dynamic_pad=True)
    mask = tf.greater(tf.reduce_sum(labels, axis=-1), 1)
    return images, labels, mask


def main(data_dir):
    path = write_records(data_dir)
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    images, labels, mask = read_and_decode(filename_queue, 2)
    out = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        for step in range(100):
            im, lb, m = sess.run([images, labels, mask])
            out.append([np.round(im.mean(axis=(1, 2, 3)), 4).tolist(), np.round(lb, 3).tolist(), m.tolist()])
    except tf.errors.OutOfRangeError:
        end = "boxes exhausted at step %d" % step
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}

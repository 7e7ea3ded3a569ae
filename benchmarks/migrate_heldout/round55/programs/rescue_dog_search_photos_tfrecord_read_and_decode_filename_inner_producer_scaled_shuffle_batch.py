"""Search-dog area photos: read_and_decode(filename) builds its own producer (ReadDog.py layout)."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_records(path):
    rng = np.random.RandomState(55)
    writer = tf1.python_io.TFRecordWriter(path)
    for i in range(12):
        img = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
        label = i % 3  # 0 = no find, 1 = alert, 2 = find
        example = tf1.train.Example(features=tf1.train.Features(feature={
            'label': tf1.train.Feature(int64_list=tf1.train.Int64List(value=[label])),
            'img_raw': tf1.train.Feature(bytes_list=tf1.train.BytesList(value=[img.tobytes()])),
            'dog_id': tf1.train.Feature(int64_list=tf1.train.Int64List(value=[100 + i])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def read_and_decode(filename):
    filename_queue = tf1.train.string_input_producer([filename], num_epochs=1)

    reader = tf1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf1.parse_single_example(serialized_example,
                                        features={
                                            'label': tf1.FixedLenFeature([], tf.int64),
                                            'img_raw': tf1.FixedLenFeature([], tf.string),
                                            'dog_id': tf1.FixedLenFeature([], tf.int64),
                                        })

    img = tf1.decode_raw(features['img_raw'], tf.uint8)
    img = tf.reshape(img, [4, 4, 3])
    img = tf.cast(img, tf.float32) * (1. / 255) - 0.5
    label = tf.cast(features['label'], tf.int32)
    return img, label, features['dog_id']


def main(data_dir):
    out = os.path.join(data_dir, 'h55_rescue_dog_photos')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'dog_train.tfrecords')
    write_records(path)

    img, label, dog_id = read_and_decode(path)
    img_batch, label_batch, id_batch = tf1.train.shuffle_batch([img, label, dog_id],
                                                               batch_size=4, capacity=20,
                                                               min_after_dequeue=6, seed=55)
    mean_px = tf.reduce_mean(img_batch, axis=[1, 2, 3])
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for i in range(100):
                m, l, d = sess.run([mean_px, label_batch, id_batch])
                batches.append([np.round(m.astype(np.float64), 5).tolist(), l.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "photos: %d" % sum(len(b[1]) for b in batches)}

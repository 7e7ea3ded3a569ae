#!/usr/bin/env python
# vim: set fileencoding=utf-8 :
# Saffron grading: tiny crops of dried stigmas graded I / II / III, read with a
# bob.learn.tensorflow-style `TFRecord` datashuffler whose "placeholders" are the
# tensors of a shuffle_batch.

import os

import numpy
import tensorflow.compat.v1 as tf

from bob68_lib.datashuffler import TFRecord, ScaleFactor


def create_tf_record(tfrecords_filename, n=12):
    rng = numpy.random.RandomState(7068)
    writer = tf.python_io.TFRecordWriter(tfrecords_filename)
    for i in range(n):
        img = rng.randint(0, 256, size=(2, 2, 1)).astype("uint8")
        feature = {'train/data': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                   'train/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
                   'train/key': tf.train.Feature(bytes_list=tf.train.BytesList(
                       value=[("lot%02d_crop%02d" % (i // 4, i)).encode("utf-8")]))}
        example = tf.train.Example(features=tf.train.Features(feature=feature))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    folder = os.path.join(data_dir, "h68_saffron")
    if not os.path.exists(folder):
        os.makedirs(folder)
    tfrecords_filename = os.path.join(folder, "saffron_train.tfrecords")
    create_tf_record(tfrecords_filename)

    filename_queue = tf.train.string_input_producer([tfrecords_filename], num_epochs=1,
                                                    name="input", shuffle=False)
    train_data_shuffler = TFRecord(filename_queue=filename_queue,
                                   input_shape=[None, 2, 2, 1],
                                   input_dtype=tf.uint8,
                                   batch_size=4,
                                   prefetch_capacity=12,
                                   prefetch_threads=2,
                                   seed=68,
                                   normalizer=ScaleFactor())

    data = train_data_shuffler("data", from_queue=False)
    label = train_data_shuffler("label", from_queue=False)
    key = train_data_shuffler("key")
    redness = tf.reduce_mean(data, axis=[1, 2, 3])

    batches = []
    session = tf.Session()
    session.run(tf.global_variables_initializer())
    session.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord, sess=session)
    try:
        for step in range(100):
            d, l, k, r = session.run([data, label, key, redness])
            batches.append([[x.decode("utf-8") for x in k], l.tolist(),
                            numpy.round(r, 5).tolist(), numpy.round(d[:, :, :, 0], 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        session.close()
    return {"batches": batches, "end": "stigma crops: %d" % sum(len(b[0]) for b in batches)}

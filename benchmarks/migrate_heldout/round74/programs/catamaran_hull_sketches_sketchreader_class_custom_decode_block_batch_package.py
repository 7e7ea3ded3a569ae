"""Catamaran hull sketches: a research repository's `SketchReader` class (Sketch2CAD-style layout: a
`libs.decode_block` op module, `_read_raw` / `next_batch`, shuffle switch), run unshuffled for one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from catamaran74_net.sketch_reader import SketchReader

RAW_SIZE = [3, 3, 3]


def write_records(data_dir):
    root = os.path.join(data_dir, "h74_catamaran")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7404)
    path = os.path.join(root, "hulls.tfrecords")
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(6):
            block = rng.uniform(-1, 1, size=RAW_SIZE).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'img_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[block.tobytes()])),
                'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"hull_%d" % i]))}))
            w.write(ex.SerializeToString())
    return [path]


def main(data_dir):
    records = write_records(data_dir)
    reader = SketchReader(records, RAW_SIZE, shuffle=False, num_threads=1, batch_size=2, nb_epoch=1)
    name, input_data, label_data = reader.next_batch()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                n, x, y = sess.run([name, input_data, label_data])
                batches.append([[s.decode() for s in n], np.round(x, 4).tolist(), np.round(y, 4).tolist()])
        except tf.errors.OutOfRangeError:
            print('Done.')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sketches: %d" % sum(len(b[0]) for b in batches)}

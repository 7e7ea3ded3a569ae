# Sandcastle scan completion (3D shape completion), after zzxmllq/cnn_com `reader.py`: `read_and_decode(
# filename_queue, shuffle_batch=True)` parsing float32 'data' (partial scan: distance + known mask) and 'target'
# (complete voxels) volumes, reshaped and batched inside the reader by a `shuffle_batch` / `train.batch` switch.
# The test script passes `shuffle_batch=False` (a sixteen-thread `train.batch`) over a one-epoch producer.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sandcastle69_com.reader import read_and_decode


def main(data_dir):
    out = os.path.join(data_dir, 'h69_sandcastle')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'test.tfrecords')
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(path) as w:
        for n in range(12):
            target = (rng.rand(4, 4, 4, 1) > 0.5).astype(np.float32)
            known = (rng.rand(4, 4, 4, 1) > 0.3).astype(np.float32)
            data = np.concatenate([target * known * (n + 1), known], axis=3).astype(np.float32)
            w.write(tf.train.Example(features=tf.train.Features(feature={
                'data': tf.train.Feature(bytes_list=tf.train.BytesList(value=[data.tobytes()])),
                'target': tf.train.Feature(bytes_list=tf.train.BytesList(value=[target.tobytes()])),
            })).SerializeToString())

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    datas, targets = read_and_decode(filename_queue, shuffle_batch=False)

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            d, t = sess.run([datas, targets])
            batches.append([d[..., 0].max(axis=(1, 2, 3)).tolist(),
                            d[..., 1].sum(axis=(1, 2, 3)).tolist(),
                            t.sum(axis=(1, 2, 3, 4)).tolist()])
    except tf.errors.OutOfRangeError:
        print('test done')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "scans: %d" % sum(len(b[0]) for b in batches)}

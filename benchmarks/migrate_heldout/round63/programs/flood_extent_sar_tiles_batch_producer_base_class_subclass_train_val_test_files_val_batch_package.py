import os

import numpy as np
import tensorflow.compat.v1 as tf

from flood63_lib.flood_producer import FloodBatchProducer, HEIGHT, WIDTH, DEPTH

FLAGS = None


def write_split(path, n, seed):
    rng = np.random.RandomState(seed)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(n):
        sar = rng.uniform(0.001, 0.5, (HEIGHT, WIDTH, DEPTH)).astype(np.float32)
        feature = {
            'sar/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[sar.tobytes()])),
            'flood/fraction': tf.train.Feature(float_list=tf.train.FloatList(value=[float((sar[:, :, 0] < 0.05).mean())])),
            'tile/id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('tile_%03d' % i).encode()])),
        }
        writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    writer.close()


def main(data_dir):
    d = os.path.join(data_dir, 'h63_flood_extent_sar_tiles_batch_producer_base_class_subclass_train_val_test_files_val_batch_package')
    os.makedirs(d, exist_ok=True)
    write_split(os.path.join(d, 'train.record'), 10, 1)
    write_split(os.path.join(d, 'val.record'), 15, 2)
    write_split(os.path.join(d, 'test.record'), 5, 3)
    producer = FloodBatchProducer(d, 'train.record', 'val.record', 'test.record')
    sar_batch, fraction_batch, id_batch = producer.get_val_batch_ops(batch_size=5, num_epochs=1)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            sar, frac, ids = sess.run([sar_batch, fraction_batch, id_batch])
            batches.append([np.round(sar, 4).tolist(), frac.tolist(), [i.decode() for i in ids]])
    except tf.errors.OutOfRangeError:
        end = 'val split exhausted'
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

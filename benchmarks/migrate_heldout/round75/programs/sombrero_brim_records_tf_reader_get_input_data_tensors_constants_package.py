"""Sombrero brim photos with multi-label embroidery classes, from a company Kaggle-style trainer: `constants.py`
(NUM_CLASSES, file-name templates), `read_data.py` with a `DataTFReader(num_classes)` whose `prepare_reader`
parses one record, and `get_input_data_tensors(tf_reader, data_pattern, batch_size)` with two readers into
`shuffle_batch_join`; `main()` builds everything in its own `tf.Graph` and a `Supervisor`-free session."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import flags, logging

from sombrero75.read_data import DataTFReader, get_input_data_tensors
from sombrero75.constants import NUM_CLASSES, IMAGE_SIZE
from sombrero75.constants import TRAIN_TF_DATA_FILE_NAME, VALIDATION_TF_DATA_FILE_NAME


def write_records(root):
    rng = np.random.RandomState(41)
    k = 0
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(root, TRAIN_TF_DATA_FILE_NAME % shard)) as writer:
            for _ in range(4):
                labels = sorted(set(rng.randint(0, NUM_CLASSES, rng.randint(1, 3)).tolist()))
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('brim%02d' % k).encode()])),
                    'image': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[rng.randint(0, 256, IMAGE_SIZE * IMAGE_SIZE).astype(np.uint8).tobytes()])),
                    'labels': tf.train.Feature(int64_list=tf.train.Int64List(value=labels))}))
                writer.write(ex.SerializeToString())
                k += 1


def main(data_dir):
    """
    The training procedure.
    :return:
    """
    root = os.path.join(data_dir, 'h75_sombrero')
    os.makedirs(root, exist_ok=True)
    write_records(root)
    batches = []
    g = tf.Graph()
    with g.as_default() as g:
        tf_reader = DataTFReader(num_classes=NUM_CLASSES)
        id_batch, image_batch, label_batch = get_input_data_tensors(
            tf_reader, data_pattern=os.path.join(root, 'train-*.tfrecord'), batch_size=4, num_epochs=1)

        init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
        with tf.Session(graph=g) as sess:
            sess.run(init_op)
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            try:
                while not coord.should_stop():
                    ids, images, labels = sess.run([id_batch, image_batch, label_batch])
                    batches.append([[i.decode() for i in ids], np.round(images, 3).tolist(), labels.tolist()])
            except tf.errors.OutOfRangeError:
                logging.info('Done training -- epoch limit reached.')
            finally:
                coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "brims: %d" % (4 * len(batches))}

"""Bird-ringing recapture photos (ring close-ups): the record reader lives in the training
module `multi_gpu_train`; a test script reads four batches from an unlimited producer (package)."""
import os

import numpy as np
import tensorflow as tf

from ring51_lib import multi_gpu_train

tf1 = tf.compat.v1
FLAGS = multi_gpu_train.FLAGS


def _write(path):
    rng = np.random.RandomState(3)
    species = ['PARMAJ', 'ERIRUB', 'TURMER']
    with tf.io.TFRecordWriter(path) as w:
        for i in range(8):
            img = rng.randint(0, 255, size=(4, 4, 1)).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                'ring_id': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[('%s-%05d' % (species[i % 3], 40210 + i)).encode()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    root = os.path.join(data_dir, 'h51_ring_photos')
    if not os.path.isdir(root):
        os.makedirs(root)
    FLAGS.tfrecord_filename = os.path.join(root, 'recaptures.tfrecords')
    _write(FLAGS.tfrecord_filename)

    file_queue = tf1.train.string_input_producer([FLAGS.tfrecord_filename])

    sess = tf1.Session()
    init = tf.group(tf1.global_variables_initializer(),
                    tf1.local_variables_initializer())
    images, ring_ids, labels = multi_gpu_train.read_and_decode(file_queue)
    sess.run(init)
    tf1.train.start_queue_runners(sess=sess)
    batches = []
    for k in range(4):
        image, ring_id, label = sess.run([images, ring_ids, labels])
        batches.append([[r.decode() for r in ring_id], label.tolist(),
                        image.reshape(image.shape[0], -1).sum(axis=1).tolist()])
    sess.close()
    return {"batches": batches, "end": "photos read: %d" % sum(len(b[0]) for b in batches)}

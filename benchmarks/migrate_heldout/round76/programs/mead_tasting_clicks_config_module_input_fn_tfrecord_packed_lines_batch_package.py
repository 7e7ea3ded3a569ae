# Mead-shop tasting clicks: per shown mead (style id, sweetness id, price band id) with their values and a click
# label, packed two lines to a record as the CTR pipeline wrote them.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from mead76 import config
from mead76 import data_input


def main(data_dir):
    config.data_dir = os.path.join(data_dir, 'h76_mead')
    if not os.path.isdir(config.data_dir):
        os.makedirs(config.data_dir)
    rng = np.random.RandomState(21)
    n = config.line_per_sample * config.num_inputs
    for part in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(config.data_dir, 'tr-part%d.tfrecord' % part)) as w:
            for _ in range(3):
                feat = {
                    'label': tf.train.Feature(float_list=tf.train.FloatList(
                        value=rng.randint(0, 2, config.line_per_sample).astype(float).tolist())),
                    'feat_ids': tf.train.Feature(int64_list=tf.train.Int64List(
                        value=rng.randint(0, 50, n).tolist())),
                    'feat_vals': tf.train.Feature(float_list=tf.train.FloatList(
                        value=np.round(rng.rand(n), 2).tolist())),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())

    features, labels = data_input.input_fn_tfrecord('tr', batch_size=2, num_epochs=1,
                                                    line_per_sample=config.line_per_sample)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, l = sess.run([features, labels])
                batches.append([f['feat_ids'].tolist(), np.round(f['feat_vals'], 2).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "impressions: %d" % sum(len(b[2]) for b in batches)}

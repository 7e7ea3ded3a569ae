"""iTime learn (package itime32_lib): a Config object, get_data(filename) parsing three VarLenFeatures made dense and
squeezed, batched with dynamic_pad; run in a SingularMonitoredSession until it should stop."""
import os

import tensorflow as tf

from itime32_lib.config import Config
from itime32_lib.tfrecord_reader import get_batch
from itime32_lib.writer import write_sessions


def main(data_dir):
    conf = Config('test', root=os.path.join(data_dir, 'h32_itime'))
    os.makedirs(conf.tfrecordDir, exist_ok=True)
    path = '%stest_0.record' % conf.tfrecordDir
    write_sessions(path, 8, 32)
    l, user, item_list = get_batch(path, conf)
    mask = tf.sequence_mask(l, tf.shape(item_list)[1])
    batches = []
    with tf.compat.v1.train.SingularMonitoredSession() as sess:
        while not sess.should_stop():
            _l, _user, _items, _mask = sess.run([l, user, item_list, mask])
            batches.append([[int(a), int(b), [int(x) for x, m in zip(row, mr) if m]]
                            for a, b, row, mr in zip(_l, _user, _items, _mask)])
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'monitored session stopped after %d batches' % len(batches)}

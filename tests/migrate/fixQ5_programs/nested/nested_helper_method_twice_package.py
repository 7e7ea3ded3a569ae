"""A class whose ``__init__`` nests its reader helper and calls it twice (train, test), beside a module-level
helper of the same name used by a plain function: three chains, in order."""
import os

import tensorflow.compat.v1 as tf

from q5nest import records


def main(data_dir):
    d = os.path.join(data_dir, 'q5_nested_method')
    os.makedirs(d, exist_ok=True)
    train = records.write_records(os.path.join(d, 'train.tfrecords'), 0, 8)
    test = records.write_records(os.path.join(d, 'test.tfrecords'), 20, 5)
    sets = records.RecordSets(train, test, batch_size=3)
    plain = records.plain_batches(test, batch_size=2)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            x, y = sess.run(sets.train)
            out.append(['train', x.tolist(), y.tolist()])
        try:
            while True:
                x, y = sess.run(sets.test)
                out.append(['test', x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        for _ in range(2):
            x, y = sess.run(plain)
            out.append(['plain', x.tolist(), y.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "done"}

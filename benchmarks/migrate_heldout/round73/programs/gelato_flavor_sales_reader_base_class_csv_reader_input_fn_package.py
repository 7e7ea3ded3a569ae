"""Gelato flavour sales: a company toolkit's `Reader` base class and `CSVReader(Reader)` (schema string
`name:type,...`, `get_input_fn()` closure, eval branch batching a dict with one thread)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from gelato73.csv_reader import CSVReader


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_gelato')
    os.makedirs(folder, exist_ok=True)
    flavours = ['pistachio', 'stracciatella', 'nocciola', 'limone']
    for part in range(2):
        with open(os.path.join(folder, 'sales_%d.csv' % part), 'w') as f:
            f.write('flavour,scoops,price\n')
            for i in range(4):
                n = part * 4 + i
                f.write('%s,%d,%.2f\n' % (flavours[n % 4], n + 1, 2.5 + 0.25 * n))
    reader = CSVReader(input_glob=os.path.join(folder, 'sales_*.csv'), batch_size=2, is_training=False,
                       input_schema='flavour:str,scoops:int,price:float')
    features = reader.get_input_fn()()
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out = sess.run(features)
                batches.append([[x.decode() for x in out['flavour']], out['scoops'].tolist(),
                                np.round(out['price'].astype(np.float64), 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sales: %d" % sum(len(b[1]) for b in batches)}

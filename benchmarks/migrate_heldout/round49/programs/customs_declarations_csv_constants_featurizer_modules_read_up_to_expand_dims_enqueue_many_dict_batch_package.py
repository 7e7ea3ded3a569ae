import os
import random

import tensorflow as tf

from customs49_lib import inputs
from customs49_lib import constants


def write_declarations(folder):
    rnd = random.Random(49)
    countries = ['NZ', 'VN', 'MX', 'TR', 'KE']
    names = []
    for part in range(2):
        name = os.path.join(folder, 'declarations-%d.csv' % part)
        with open(name, 'w') as f:
            f.write(','.join(constants.CSV_COLUMNS) + '\n')
            for i in range(5):
                n = part * 5 + i
                f.write('D%04d,IMP%02d,%d,%.2f,%.1f,%s,%d\n' % (
                    n, rnd.randint(1, 20), rnd.randint(1, 97), rnd.uniform(10, 900),
                    rnd.uniform(0.5, 80), countries[n % 5], n % 3 == 0))
        names.append(name)
    return names


def main(data_dir):
    folder = os.path.join(data_dir, 'h49_customs_featurizer')
    os.makedirs(folder, exist_ok=True)
    files = write_declarations(folder)

    features, target = inputs.input_fn(files)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, t = sess.run([features, target])
                row = []
                for k in sorted(f):
                    v = f[k].reshape(-1).tolist()
                    if k == 'origin':
                        v = [s.decode() for s in v]
                    elif isinstance(v[0], float):
                        v = [round(x, 3) for x in v]
                    row.append(v)
                row.append(t.reshape(-1).tolist())
                batches.append(row)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "declarations: %d" % sum(len(b[-1]) for b in batches)}

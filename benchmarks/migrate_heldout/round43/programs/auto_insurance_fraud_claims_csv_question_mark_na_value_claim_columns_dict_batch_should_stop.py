"""Auto insurance fraud claims (the Kaggle insurance_claims.csv, where '?' marks an unknown field):
column names and defaults come from `claim_columns()`, `read_claim(filename_queue)` decodes one
line with `na_value='?'` into a dict, `claims_input(files, batch_size)` batches the dict in file
order, and the loop runs `while not coord.should_stop()` with a step counter."""
import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1

COLLISIONS = ['Rear Collision', 'Side Collision', 'Front Collision']


def claim_columns():
    names = ['policy_number', 'months_as_customer', 'policy_annual_premium', 'collision_type',
             'property_damage', 'total_claim_amount', 'fraud_reported']
    defaults = [[0], [0], [0.0], ['UNKNOWN'], ['UNKNOWN'], [0], ['N']]
    return names, defaults


def write_claims(path, start, n, rng):
    names, _ = claim_columns()
    with open(path, 'w') as f:
        f.write(','.join(names) + '\n')
        for i in range(n):
            collision = '?' if rng.rand() < 0.3 else COLLISIONS[rng.randint(3)]
            damage = rng.choice(['YES', 'NO', '?'])
            f.write('%d,%d,%.2f,%s,%s,%d,%s\n' % (
                521585 + 1000 * (start + i), rng.randint(1, 480), rng.uniform(700, 2000), collision,
                damage, rng.randint(100, 1200) * 100, rng.choice(['Y', 'N'])))


def read_claim(filename_queue):
    names, defaults = claim_columns()
    reader = v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    columns = v1.decode_csv(line, record_defaults=defaults, na_value='?')
    claim = dict(zip(names, columns))
    claim['fraud'] = tf.cast(tf.equal(claim.pop('fraud_reported'), 'Y'), tf.int32)
    claim['log_claim'] = tf.math.log(tf.cast(claim['total_claim_amount'], tf.float32))
    return claim


def claims_input(files, batch_size):
    filename_queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    claim = read_claim(filename_queue)
    return v1.train.batch(claim, batch_size=batch_size, num_threads=1,
                          allow_smaller_final_batch=True)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_fraud_claims')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(11)
    files = []
    for part, (start, n) in enumerate([(0, 6), (6, 5)]):
        path = os.path.join(folder, 'insurance_claims_%d.csv' % part)
        write_claims(path, start, n, rng)
        files.append(path)

    batch = claims_input(files, batch_size=3)
    keys = sorted(batch)
    sess = v1.Session()
    sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
    coord = v1.train.Coordinator()
    threads = v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    step = 0
    try:
        while not coord.should_stop():
            out = sess.run(batch)
            row = []
            for k in keys:
                v = out[k]
                if v.dtype == object:
                    row.append([s.decode() for s in v])
                elif v.dtype.kind == 'f':
                    row.append(np.round(v.astype(np.float64), 4).tolist())
                else:
                    row.append(v.tolist())
            batches.append(row)
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done reading claims -- %d steps' % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps: %d" % step}

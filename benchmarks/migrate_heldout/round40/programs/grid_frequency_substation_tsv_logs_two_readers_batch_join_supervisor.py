"""Substation event logs (station, grid frequency in Hz, bus voltage in kV, breaker state) from three daily TSV
files; two readers on one shuffled file queue feed batch_join; the loop runs in a Supervisor's managed session."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
READ_THREADS = 2


def write_logs(root):
    rng = np.random.RandomState(40)
    names = []
    for day in range(3):
        name = os.path.join(root, 'scada_2019-03-%02d.tsv' % (day + 1))
        with open(name, 'w') as f:
            for i in range(4):
                f.write('SS%02d\t%.3f\t%.1f\t%s\n' % (day * 4 + i, 50.0 + rng.uniform(-0.2, 0.2),
                                                       rng.uniform(128.0, 134.0), rng.choice(['OPEN', 'CLOSED'])))
        names.append(name)
    return names


def read_event(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    station, hz, kv, breaker = tf.decode_csv(line, record_defaults=[[''], [50.0], [0.0], ['CLOSED']],
                                             field_delim='\t')
    deviation = tf.abs(hz - 50.0)
    is_open = tf.cast(tf.equal(breaker, 'OPEN'), tf.int32)
    return [station, tf.stack([hz, kv]), deviation, is_open]


def main(data_dir):
    root = os.path.join(data_dir, 'h40_grid_frequency')
    os.makedirs(root, exist_ok=True)
    files = write_logs(root)

    with tf.name_scope('inputs'):
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=40)
        events = [read_event(filename_queue) for _ in range(READ_THREADS)]
        station_b, meas_b, dev_b, open_b = tf.train.batch_join(events, batch_size=BATCH_SIZE,
                                                               capacity=2 * BATCH_SIZE)

    sv = tf.train.Supervisor(logdir=None, saver=None, summary_op=None,
                             local_init_op=tf.local_variables_initializer())
    batches = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                s, m, d, o = sess.run([station_b, meas_b, dev_b, open_b])
            except tf.errors.OutOfRangeError:
                break
            batches.append([[x.decode() for x in s], np.round(m.astype(np.float64), 3).tolist(),
                            np.round(d.astype(np.float64), 3).tolist(), o.tolist()])
    return {"batches": batches, "end": "events: %d" % sum(len(b[0]) for b in batches)}

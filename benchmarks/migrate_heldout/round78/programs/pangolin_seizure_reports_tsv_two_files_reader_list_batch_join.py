"""Pangolin-seizure reports (country, kilograms, description) in two TSV files: a course project's
read_report(filename_queue) called twice for a reader list, batch_join for one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

COUNTRIES = ['Nigeria', 'Vietnam', 'Uganda', 'Malaysia', 'Cameroon']
WORDS = ['scales', 'frozen', 'live', 'shipment', 'port', 'airport', 'container', 'truck']


def make_reports(out_dir):
    rng = np.random.RandomState(8878)
    files = []
    for k in range(2):
        path = os.path.join(out_dir, 'reports_%d.tsv' % k)
        with open(path, 'w') as f:
            for i in range(4):
                desc = ' '.join(rng.choice(WORDS, 3))
                f.write('%s\t%.1f\t%s\n' % (COUNTRIES[rng.randint(0, 5)], rng.uniform(1, 900), desc))
        files.append(path)
    return files


def read_report(filename_queue):
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)
    country, kg, description = tf.decode_csv(value, record_defaults=[[''], [0.0], ['']], field_delim='\t')
    return [country, kg, description]


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_pangolin')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    files = make_reports(out_dir)

    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=3)
    example_list = [read_report(filename_queue) for _ in range(2)]
    country_b, kg_b, desc_b = tf.train.batch_join(example_list, batch_size=2, capacity=20)

    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            c, k, d = sess.run([country_b, kg_b, desc_b])
            batches.append([[x.decode() for x in c], np.round(k.astype(np.float64), 1).tolist(),
                            [x.decode() for x in d]])
    except tf.errors.OutOfRangeError:
        print('all reports read')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "reports: %d" % sum(len(b[0]) for b in batches)}

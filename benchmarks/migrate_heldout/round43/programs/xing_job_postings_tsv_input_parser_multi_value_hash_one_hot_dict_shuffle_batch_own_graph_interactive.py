"""RecSys Challenge 2017 (XING) job postings: a tab-separated items file whose `title` and `tags`
columns hold comma-separated term ids. `input_parser(line)` one-hots them through hash buckets
and sums them; the postings are shuffled into dict batches of two, read in the program's own
graph under an InteractiveSession until the producer runs out."""
import os

import numpy as np
import tensorflow as tf

CSV_COLUMNS = [
    'id', 'title', 'career_level', 'discipline_id', 'industry_id', 'country',
    'region', 'employment', 'tags', 'is_payed'
]

CSV_COLUMN_DEFAULTS = [
    [0], [''], [0], [0], [0], [''],
    [0], [0], [''], [0]
]

CATEGORICAL_COLS = ['country']
MUTLI_VALUE_COLS = ['title', 'tags']
CONTINUOUS_COLS = []


def write_items(path):
    rng = np.random.RandomState(743)
    with open(path, 'w') as f:
        f.write('\t'.join(CSV_COLUMNS) + '\n')
        for i in range(12):
            title = ','.join(str(t) for t in rng.randint(1, 900, rng.randint(1, 4)))
            tags = ','.join(str(t) for t in rng.randint(1, 900, rng.randint(1, 3)))
            row = [2000 + i, title, rng.randint(0, 6), rng.randint(0, 20), rng.randint(0, 15),
                   rng.choice(['de', 'at', 'ch', 'non_dach']), rng.randint(0, 16),
                   rng.randint(0, 5), tags, rng.randint(0, 2)]
            f.write('\t'.join(str(v) for v in row) + '\n')


def input_parser(line):
    items = tf.compat.v1.decode_csv(line, CSV_COLUMN_DEFAULTS, '\t')
    features = dict(zip(CSV_COLUMNS, items))
    for muti_value_col in MUTLI_VALUE_COLS:
        f = features[muti_value_col]
        f = tf.compat.v1.string_split(tf.expand_dims(f, 0), ',').values
        f = tf.one_hot(tf.compat.v1.string_to_hash_bucket_fast(f, 19), depth=19)
        f = tf.reduce_sum(f, 0)
        features[muti_value_col] = f
    for cate in CATEGORICAL_COLS:
        f = features[cate]
        f = tf.one_hot(tf.compat.v1.string_to_hash_bucket_fast(f, 19), depth=19)
        features[cate] = f

    return features


def get_batch(dataset='../example_data/items.csv', batch_size=2):
    filename_queue = tf.compat.v1.train.string_input_producer([dataset], num_epochs=1)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    features = input_parser(line)
    return tf.compat.v1.train.shuffle_batch(features, batch_size=batch_size, capacity=100,
                                            min_after_dequeue=4, seed=43)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_xing_items')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'items.csv')
    write_items(path)

    batches = []
    with tf.Graph().as_default() as g:
        sess = tf.compat.v1.InteractiveSession()
        d = get_batch(path)
        sess.run([tf.compat.v1.global_variables_initializer(),
                  tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out = sess.run(d)
                batches.append([np.asarray(out[k]).tolist() for k in sorted(out)])
        except tf.errors.OutOfRangeError:
            end = 'items exhausted'
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}

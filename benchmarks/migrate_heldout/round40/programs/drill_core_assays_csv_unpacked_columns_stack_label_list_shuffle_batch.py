import os

import numpy as np
import tensorflow as tf

# Drill-core assay intervals: column 1 is the ore class (0 waste, 1 low grade, 2 ore), column 2 the hole number,
# then depth from / to and eight assays (Au g/t, Cu %, Ag g/t, Zn %, Pb %, Fe %, S %, As ppm).


def write_assays(path):
    rng = np.random.RandomState(40)
    with open(path, 'w') as f:
        f.write('ore_class,hole,from_m,to_m,au,cu,ag,zn,pb,fe,s,as\n')
        for i in range(12):
            start = 2.0 * i
            row = [rng.randint(0, 3), 17 + i // 4, start, start + 2.0] + list(np.round(rng.uniform(0, 5, 8), 2))
            f.write(','.join(str(v) for v in row) + '\n')


def main(data_dir):
    root = os.path.join(data_dir, 'h40_drill_core_assays')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'assays_pit3.csv')
    write_assays(path)

    num_epoch = 1
    filename_queue = tf.compat.v1.train.string_input_producer([path], num_epochs=num_epoch)

    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the
    # decoded result.

    record_defaults = [[0.1] for i in range(12)]

    col1, col2, col3, col4, col5, col6, col7, col8, col9, col10, col11, col12 = \
        tf.compat.v1.decode_csv(value, record_defaults=record_defaults)

    features = tf.stack([col3, col4, col5, col6, col7, col8, col9, col10, col11, col12])

    # record_defaults = [[0.1] for i in range(59)]
    #
    # col1, col2, col3, col4, col5, col6, col7 = tf.decode_csv(value, record_defaults=record_defaults)

    # features = tf.stack([col2, col3, col4, col5, col6])
    #
    label = [col1]

    features_batch, label_batch = tf.compat.v1.train.shuffle_batch(
        [features, label], batch_size=4, capacity=64,
        min_after_dequeue=32, seed=40)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        try:
            for i in range(100):
                f_b, l_b = sess.run([features_batch, label_batch])
                batches.append([np.round(f_b.astype(np.float64), 2).tolist(), l_b.astype(np.int64).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "intervals: %d" % sum(len(b[1]) for b in batches)}

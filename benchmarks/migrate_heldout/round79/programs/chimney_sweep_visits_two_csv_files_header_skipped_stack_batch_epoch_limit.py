"""Chimney-sweep visit logs: the everyday student CSV script. Two monthly CSV files with a header line go into
an unshuffled one-epoch producer, `TextLineReader(skip_header_lines=1)`, `decode_csv` with typed defaults,
the three measurements stacked into one feature vector, a one-thread `tf.train.batch`, and the usual
`while not coord.should_stop()` loop ended by "Done training -- epoch limit reached"."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 5


def main(data_dir):
    d = os.path.join(data_dir, 'h79_chimney')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    files = []
    for month in ('march', 'april'):
        path = os.path.join(d, 'visits_%s.csv' % month)
        with open(path, 'w') as f:
            f.write('house_id,soot_kg,flue_m,minutes,blocked\n')
            for _ in range(5):
                f.write('%d,%.2f,%.1f,%d,%d\n' % (rng.randint(100, 999), rng.rand() * 3, 3 + rng.rand() * 6,
                                                rng.randint(20, 90), rng.randint(0, 2)))
        files.append(path)

    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)

    record_defaults = [[0], [0.0], [0.0], [0], [0]]
    house_id, soot_kg, flue_m, minutes, blocked = tf.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([soot_kg, flue_m, tf.cast(minutes, tf.float32)])

    house_batch, feature_batch, label_batch = tf.train.batch([house_id, features, blocked],
                                                             batch_size=BATCH_SIZE, num_threads=1)

    out = []
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            h, x, y = sess.run([house_batch, feature_batch, label_batch])
            out.append([h.tolist(), np.round(x.astype(np.float64), 2).tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        print('Done training -- epoch limit reached')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "visits: %d" % sum(len(b[0]) for b in out)}

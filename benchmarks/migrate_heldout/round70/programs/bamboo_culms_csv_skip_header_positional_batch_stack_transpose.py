"""Bamboo culm survey CSV: skip_header_lines=1, decode_csv into six named columns, positional
train.batch(decoded, 3), features stacked and transposed after the batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    out = os.path.join(data_dir, 'h70_bamboo')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(3)
    path = os.path.join(out, 'culms-train.csv')
    with open(path, 'w') as f:
        f.write('culm_id,height,diameter,nodes,species,grove\n')
        for i in range(9):
            f.write('%d,%.2f,%.2f,%d,%s,%s\n' % (i, 5 + rng.rand() * 10, 4 + rng.rand() * 6, rng.randint(20, 60),
                                                ['moso', 'madake', 'guadua'][i % 3], 'G%d' % (i % 2)))

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)

    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    # decode_csv turns the line into a tuple of columns, typed by the defaults
    record_defaults = [[0], [0.0], [0.0], [0], [""], [""]]

    decoded = tf.decode_csv(value, record_defaults=record_defaults)

    culm_id, height, diameter, nodes, species, grove = tf.train.batch(decoded,
                                                                      3,
                                                                      )
    features = tf.transpose(tf.stack([height, diameter]))

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while True:
                c, fe, n, s = sess.run([culm_id, features, nodes, species])
                batches.append([c.tolist(), np.round(fe, 2).tolist(), n.tolist(), [x.decode() for x in s]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "culms: %d" % sum(len(b[0]) for b in batches)}

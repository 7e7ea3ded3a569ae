"""
All the functions that we need in order to read the record-shop chroma files and obtain features.
The idea today is to have one training file containing the chroma features of every vinyl side,
one line per frame, and on the left column the catalogue number of the record.
Then we could fish N consecutive lines from this file and keep them iff the number is always the same.
"""
import os

import numpy as np
import tensorflow as tf

data_folder = '../data/vinyl_chroma/'


def _write_chroma(folder):
    rng = np.random.RandomState(5901)
    with open(os.path.join(folder, 'chroma_side_a.csv'), 'w') as f:
        for frame in range(7):
            cat_no = 100 + frame // 3
            row = [cat_no] + [round(float(v), 3) for v in rng.rand(6)]
            f.write(','.join(str(v) for v in row) + '\n')


def main(data_dir):
    global data_folder
    data_folder = os.path.join(data_dir, 'h59_vinyl_chroma') + '/'
    if not os.path.isdir(data_folder):
        os.makedirs(data_folder)
        _write_chroma(data_folder)

    # filename_queue = tf.train.string_input_producer([data_folder + 'chroma_side_a.csv', data_folder + 'chroma_side_b.csv'])
    filename_queue = tf.compat.v1.train.string_input_producer([data_folder + 'chroma_side_a.csv'])
    reader = tf.compat.v1.TextLineReader()
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the decoded result.
    record_defaults = [[0]] + [[0.] for i in range(6)]
    columns = tf.compat.v1.decode_csv(value, record_defaults=record_defaults)
    cat_no = columns[0]
    features = tf.stack(columns[1:])

    batches = []
    with tf.compat.v1.Session() as sess:
        # Start populating the filename queue.
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)

        for i in range(10):
            # Retrieve a single instance:
            example = sess.run([features, key, cat_no])
            # print(example)
            batches.append([example[0].tolist(),
                            os.path.basename(example[1].decode().split(':')[0]),
                            int(example[2])])

        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "fixed loop of 10 over 7 lines"}

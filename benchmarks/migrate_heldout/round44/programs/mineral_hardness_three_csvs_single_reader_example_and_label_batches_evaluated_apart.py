#!/usr/bin/python
# -*- coding:UTF-8 -*-
# single reader, several examples per batch: the mineral name and its Mohs class come from two csv
# columns; example_batch.eval() and label_batch.eval() are evaluated one after the other
import os
import tensorflow as tf

MINERALS = [
    ("talc", "soft"), ("gypsum", "soft"), ("calcite", "soft"), ("fluorite", "medium"),
    ("apatite", "medium"), ("orthoclase", "medium"), ("quartz", "hard"), ("topaz", "hard"),
    ("corundum", "hard"), ("olivine", "hard"), ("augite", "medium"), ("halite", "soft"),
]


def main(data_dir):
    folder = os.path.join(data_dir, "h44_mineral_hardness")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filenames = []
    for n, name in enumerate(['A.csv', 'B.csv', 'C.csv']):
        path = os.path.join(folder, name)
        with open(path, 'w') as f:
            for mineral, cls in MINERALS[n * 4:(n + 1) * 4]:
                f.write('%s,%s\n' % (mineral, cls))
        filenames.append(path)

    filename_queue = tf.compat.v1.train.string_input_producer(filenames, shuffle=False)

    reader = tf.compat.v1.TextLineReader()
    key, value = reader.read(filename_queue)

    example, label = tf.compat.v1.decode_csv(value, record_defaults=[['null'], ['null']])
    example_batch, label_batch = tf.compat.v1.train.batch([example, label], batch_size=3)

    batches = []
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        for i in range(2):
            ex = example_batch.eval()
            lb = label_batch.eval()
            # the examples and labels printed this way do not belong together
            batches.append([[x.decode() for x in ex], [y.decode() for y in lb]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "evaluations: %d" % (2 * len(batches))}

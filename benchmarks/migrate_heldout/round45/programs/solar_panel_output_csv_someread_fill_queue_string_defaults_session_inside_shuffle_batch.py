# coding:utf-8
'''
Created on Aug 22, 2018

@author: root

solar panel output: two string-inverter logs read by someread(), batched by fill_queue()
'''
import os

import tensorflow.compat.v1 as tf


filenames = ["file0.csv", "file1.csv"]


def write_logs(folder):
    import random
    rnd = random.Random(4503)
    paths = []
    for n, name in enumerate(filenames):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            for i in range(6):
                panel = "PV-%d%02d" % (n + 1, i)
                stamp = "2018-08-%02dT%02d:00" % (20 + n, 8 + i)
                irr = rnd.randint(150, 980)
                temp = rnd.randint(18, 61)
                kw = round(irr * 0.0041 - (temp - 25) * 0.009, 3)
                f.write("%s,%s,%d,%d,%.3f\n" % (panel, stamp, irr, temp, kw))
        paths.append(path)
    return paths


def someread(filename_queue):
    reader = tf.TextLineReader()
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the
    # decoded result.
    record_defaults = [['null'], ['1null'], ['1null'], ['1null'], ['1null']]  # [['csv1_1', 'csv1_2', 'csv1_3', 'csv1_4', 'csv1_5']]#

    #print (record_defaults)

    col1, col2, col3, col4, col5 = tf.decode_csv(
        value, record_defaults=record_defaults)
    features = tf.stack([col1, col2, col3, col4])
    return features, col5


def fill_queue(batch_size=2, num_epochs=None):
    filename_queue = tf.train.string_input_producer(
      filenames, num_epochs=num_epochs, shuffle=True, seed=4503)

    example, label=someread(filename_queue)

    min_after_dequeue = 3
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch(
      [example, label], batch_size=batch_size, capacity=capacity,
      min_after_dequeue=min_after_dequeue, seed=4503)

    got = []
    with tf.Session() as sess:
        init_op = tf.global_variables_initializer()
        sess.run(init_op)
        sess.run(tf.local_variables_initializer())
        # Start populating the filename queue.
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        for i in range(4):
            # Retrieve a single instance:
            example, label = sess.run([ example_batch, label_batch])
            #print example, "-->", label
            got.append([[[c.decode() for c in row] for row in example],
                        [float(l) for l in label]])
        coord.request_stop()
        coord.join(threads)
    return got


def main(data_dir):
    global filenames
    folder = os.path.join(data_dir, "h45_solar_output")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filenames = write_logs(folder)
    batches = fill_queue(3, 1)
    return {"batches": batches, "end": "panel hours: %d" % sum(len(b[1]) for b in batches)}

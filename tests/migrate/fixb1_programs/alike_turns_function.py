"""Sensor readings: a shuffle queue filled by one read-and-parse op per turn of a loop, all turns on one reader;
the builder is called twice (two pipelines in one graph)."""
import os

import tensorflow.compat.v1 as tf


def parse(line):
    station, temp, hum = tf.decode_csv(line, record_defaults=[[""], [0.0], [0]])
    return tf.strings.to_hash_bucket_fast(station, 50), temp * 2.0, hum


def build(paths, threads=3):
    files = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    queue = tf.RandomShuffleQueue(capacity=30, min_after_dequeue=2, seed=7,
                                  dtypes=[tf.int64, tf.float32, tf.int32], shapes=[[], [], []])
    ops = []
    for i in range(threads):
        key, line = reader.read(files)
        station, temp, hum = parse(line)
        ops.append(queue.enqueue([station, temp, hum]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    return queue.dequeue_many(3)


def write(folder, name, start):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        for i in range(6):
            f.write("st%d,%d.5,%d\n" % ((start + i) % 4, start + i, 40 + i))
    return path


def main(data_dir):
    folder = os.path.join(data_dir, "fixb1_sensors")
    os.makedirs(folder, exist_ok=True)
    north = build([write(folder, "n1.csv", 0), write(folder, "n2.csv", 10)])
    south = build([write(folder, "s1.csv", 20), write(folder, "s2.csv", 30)], threads=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for tensors in (north, south):
            while True:
                try:
                    a, b, c = sess.run(tensors)
                except tf.errors.OutOfRangeError:
                    break
                batches.append([a.tolist(), b.tolist(), c.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (3 * len(batches))}

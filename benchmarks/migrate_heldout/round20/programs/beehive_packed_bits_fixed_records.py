"""Beehive scale telemetry: 6-byte records (uint16 hive id, uint8 temperature, a flags byte, int16 weight);
the flags are unpacked with tf.bitwise; the number of batches is computed from the file sizes and fetched by a
list comprehension, without waiting for OutOfRangeError."""

import math
import os
import struct

import tensorflow.compat.v1 as tf

RECORD_BYTES = 6
BATCH_SIZE = 4


def write_telemetry(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for gateway in range(2):
        path = os.path.join(folder, "gateway_%d.bin" % gateway)
        with open(path, "wb") as f:
            for i in range(9 + gateway * 2):
                hive = 300 + gateway * 50 + i
                temp = 60 + (i * 3) % 20  # half-degrees
                flags = (i % 2) | ((i % 5 == 0) << 1) | ((4 + i % 8) << 4)
                weight = 4100 + i * 35 - gateway * 900  # decagrams
                f.write(struct.pack("<HBBh", hive, temp, flags, weight))
        paths.append(path)
    return paths


def decode_record(value):
    raw = tf.cast(tf.decode_raw(value, tf.uint8), tf.int32)
    hive = tf.bitwise.bitwise_or(raw[0], tf.bitwise.left_shift(raw[1], 8))
    temp_c = tf.cast(raw[2], tf.float32) / 2.0
    flags = raw[3]
    queen = tf.bitwise.bitwise_and(flags, 1)
    swarm = tf.bitwise.right_shift(tf.bitwise.bitwise_and(flags, 2), 1)
    frames = tf.bitwise.right_shift(flags, 4)
    weight = tf.decode_raw(tf.substr(value, 4, 2), tf.int16)[0]
    return [hive, temp_c, queen, swarm, frames, tf.cast(weight, tf.int32)]


def main(data_dir):
    files = write_telemetry(os.path.join(data_dir, "h20_beehive"))
    n_records = sum(os.path.getsize(p) // RECORD_BYTES for p in files)
    n_batches = int(math.ceil(n_records / float(BATCH_SIZE)))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES).read(queue)
    batch = tf.train.batch(decode_record(value), batch_size=BATCH_SIZE, allow_smaller_final_batch=True)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        fetched = [sess.run(batch) for _ in range(n_batches)]
        coord.request_stop()
        coord.join(threads)
    batches = [[c.tolist() for c in b] for b in fetched]
    return {"batches": batches, "end": [n_records, n_batches]}

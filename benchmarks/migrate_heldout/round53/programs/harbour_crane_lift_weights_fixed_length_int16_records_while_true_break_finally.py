"""Crane lift logs as binary records of three int16 (crane, lift number, tonnes x10), read by a
FixedLengthRecordReader and batched; the loop is `while True` broken on OutOfRangeError."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

RECORD_BYTES = 3 * 2
BATCH_SIZE = 4


def read_lift(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int16)
    record = tf.reshape(record, [3])
    crane = tf.cast(record[0], tf.int32)
    lift = tf.cast(record[1], tf.int32)
    tonnes = tf.cast(record[2], tf.float32) / 10.0
    return crane, lift, tonnes


def main(data_dir):
    folder = os.path.join(data_dir, "h53_harbour_crane_lift_weights_fixed_length_int16_records_while_true_break_finally")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5311)
    lifts = np.stack([np.arange(16) % 3 + 1, np.arange(16), rng.randint(50, 400, 16)], axis=1).astype("<i2")
    path = os.path.join(folder, "lifts.bin")
    lifts.tofile(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    crane, lift, tonnes = read_lift(filename_queue)
    crane_b, lift_b, tonnes_b = tf.train.batch([crane, lift, tonnes], batch_size=BATCH_SIZE, num_threads=1)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    count = 0
    try:
        while True:
            c, l, t = sess.run([crane_b, lift_b, tonnes_b])
            batches.append([c.tolist(), l.tolist(), t.tolist()])
            count += len(c)
    except tf.errors.OutOfRangeError:
        print("Done reading %d lifts" % count)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "lifts: %d" % count}

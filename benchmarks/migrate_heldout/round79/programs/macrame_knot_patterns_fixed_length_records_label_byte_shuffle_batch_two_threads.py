"""Macrame knot patterns as CIFAR-style fixed-length binary records (one label byte, then a 2x3 grid of knot
codes), read by a student `read_knots(filename_queue)` with a local record class, `FixedLengthRecordReader`,
`decode_raw` and `strided_slice`, into a seeded two-thread `shuffle_batch`; the training loop runs
`steps = NUM_EXAMPLES // BATCH_SIZE` steps."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_EXAMPLES = 12
BATCH_SIZE = 3
LABEL_BYTES = 1
HEIGHT, WIDTH = 2, 3


def read_knots(filename_queue):
    class KnotRecord(object):
        pass
    result = KnotRecord()
    result.height = HEIGHT
    result.width = WIDTH
    image_bytes = result.height * result.width
    record_bytes = LABEL_BYTES + image_bytes

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record, [0], [LABEL_BYTES]), tf.int32)
    result.pattern = tf.reshape(tf.strided_slice(record, [LABEL_BYTES], [record_bytes]),
                                [result.height, result.width])
    return result


def main(data_dir):
    d = os.path.join(data_dir, 'h79_macrame')
    os.makedirs(d, exist_ok=True)
    rng = np.random.RandomState(79)
    filenames = []
    for part in range(2):
        path = os.path.join(d, 'knots_%d.bin' % part)
        with open(path, 'wb') as f:
            for _ in range(NUM_EXAMPLES // 2):
                f.write(bytes([rng.randint(0, 4)]) + bytes(rng.randint(0, 9, size=HEIGHT * WIDTH).tolist()))
        filenames.append(path)

    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, seed=79)
    read_input = read_knots(filename_queue)
    pattern = tf.cast(read_input.pattern, tf.float32)
    label = tf.reshape(read_input.label, [1])

    min_after_dequeue = 4
    pattern_batch, label_batch = tf.train.shuffle_batch([pattern, label], batch_size=BATCH_SIZE, num_threads=2,
                                                        capacity=min_after_dequeue + 3 * BATCH_SIZE,
                                                        min_after_dequeue=min_after_dequeue, seed=79)

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        steps = NUM_EXAMPLES // BATCH_SIZE
        for step in range(steps):
            p, l = sess.run([pattern_batch, label_batch])
            out.append([p.astype(int).reshape(BATCH_SIZE, -1).tolist(), l[:, 0].tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "patterns: %d" % sum(len(b[0]) for b in out)}

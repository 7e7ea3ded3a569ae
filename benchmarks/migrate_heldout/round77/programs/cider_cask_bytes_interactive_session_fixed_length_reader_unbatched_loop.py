"""Cider cask sugar readings as fixed-length binary records, read the CIFAR-10 way (one label byte, then the
data bytes, `decode_raw` to uint8, `strided_slice`s) but in a student's `tf.InteractiveSession()` with a fixed
`for i in range(N)` loop of unbatched `sess.run`s over a producer without an epoch limit. Written from knowledge
of that common form."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

LABEL_BYTES = 1
READING_ROWS = 2
READING_COLS = 3
NUM_CASKS = 8


def write_casks(path):
    rng = np.random.RandomState(7705)
    with open(path, "wb") as f:
        for _ in range(NUM_CASKS):
            f.write(bytes([rng.randint(0, 4)]))
            f.write(rng.randint(0, 200, size=READING_ROWS * READING_COLS).astype(np.uint8).tobytes())


def main(data_dir):
    folder = os.path.join(data_dir, "h77_cider")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "casks.bin")
    write_casks(path)

    sess = tf.InteractiveSession()
    record_bytes = LABEL_BYTES + READING_ROWS * READING_COLS
    filename_queue = tf.train.string_input_producer([path])
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    label = tf.cast(tf.strided_slice(record, [0], [LABEL_BYTES]), tf.int32)
    reading = tf.reshape(tf.strided_slice(record, [LABEL_BYTES], [record_bytes]), [READING_ROWS, READING_COLS])
    brix = tf.cast(reading, tf.float32) / 10.0

    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)
    batches = []
    for i in range(NUM_CASKS):
        l, b = sess.run([label, brix])
        batches.append([l.tolist(), np.round(b, 1).tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "casks: %d" % len(batches)}

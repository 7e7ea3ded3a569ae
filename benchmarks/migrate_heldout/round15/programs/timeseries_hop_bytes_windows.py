"""Time-series forecasting windows cut by the reader itself: float32 sensor streams stored as raw binary, one
`FixedLengthRecordReader(record_bytes=WINDOW*4, hop_bytes=STRIDE*4)` record per sliding window; the last
value of the window is the target.
"""

import os

import numpy as np
import tensorflow.compat.v1 as tf

WINDOW = 6
STRIDE = 2
FLOAT_BYTES = 4
HEADER_BYTES = 8  # "SENSOR01"
BATCH_SIZE = 5


def write_streams(data_dir):
    out_dir = os.path.join(data_dir, "h15_timeseries_windows")
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for stream in range(3):
        values = np.array([stream * 100 + ((t * t + 3 * stream) % 17) * 0.5 for t in range(20 + 2 * stream)],
                          dtype="<f4")
        path = os.path.join(out_dir, "stream-%02d.bin" % stream)
        with open(path, "wb") as f:
            f.write(b"SENSOR01")
            f.write(values.tobytes())
        paths.append(path)
    return paths


def window_reader(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=WINDOW * FLOAT_BYTES, header_bytes=HEADER_BYTES,
                                        hop_bytes=STRIDE * FLOAT_BYTES)
    _, value = reader.read(filename_queue)
    window = tf.decode_raw(value, tf.float32)
    window.set_shape([WINDOW])
    inputs = window[:-1]
    target = window[-1]
    # normalise by the first value of the window, as forecasting code often does
    inputs = inputs - window[0]
    target = target - window[0]
    return inputs, target


def input_pipeline(files, batch_size, num_epochs):
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    inputs, target = window_reader(filename_queue)
    return tf.train.batch([inputs, target], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    inputs, targets = input_pipeline(write_streams(data_dir), BATCH_SIZE, num_epochs=1)
    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            x, y = sess.run([inputs, targets])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}

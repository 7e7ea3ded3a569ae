"""TF1-style `import tensorflow as tf` (graph mode asked for): fixed-length records read under
`tf.device("/cpu:0")` with a `variable_scope` nested in it (no variable made there), the decode and the batch
in a sibling `variable_scope`. 12 records in batches of 3, in order."""

import os

import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
v1 = tf.compat.v1


def write_records(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(46)
    paths = []
    for f in range(2):
        path = os.path.join(folder, "rec-%d.bin" % f)
        with open(path, "wb") as out:
            for _ in range(6):
                out.write(bytes([rng.randint(0, 5)]) + rng.randint(0, 256, size=6).astype(np.uint8).tobytes())
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_records(os.path.join(data_dir, "r46n_device"))
    with tf.device("/cpu:0"):
        with v1.variable_scope("records"):
            file_queue = v1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
            reader = v1.FixedLengthRecordReader(record_bytes=7)
            _, value = reader.read(file_queue)
            raw = tf.io.decode_raw(value, tf.uint8)
    with v1.variable_scope("batches"):
        label = tf.cast(raw[0], tf.int32)
        pixels = tf.reshape(tf.cast(raw[1:], tf.float32), [2, 3])
        labels, images = v1.train.batch([label, pixels], batch_size=3, capacity=9)
    out, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, i = sess.run([labels, images])
                out.append([l.tolist(), i.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

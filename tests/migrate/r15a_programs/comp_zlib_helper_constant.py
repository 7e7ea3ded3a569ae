"""ZLIB records read by a helper whose reader takes `TFRecordOptions(COMPRESSION)` bound to a local, the type a
module constant; two batch threads (rows compared sorted)."""

import os

import tensorflow.compat.v1 as tf

COMPRESSION = tf.python_io.TFRecordCompressionType.ZLIB


def write(data_dir):
    out = os.path.join(data_dir, "r15a_zlib")
    os.makedirs(out, exist_ok=True)
    paths = []
    for shard in range(2):
        path = os.path.join(out, "part-%d.zz" % shard)
        with tf.python_io.TFRecordWriter(path, options=tf.python_io.TFRecordOptions(COMPRESSION)) as w:
            for i in range(7):
                w.write(("%d:%d" % (shard, i)).encode())
        paths.append(path)
    return paths


def read_rows(filename_queue):
    options = tf.python_io.TFRecordOptions(COMPRESSION)
    reader = tf.TFRecordReader(options=options)
    _, value = reader.read(filename_queue)
    return tf.strings.length(value), value


def main(data_dir):
    queue = tf.train.string_input_producer(write(data_dir), num_epochs=1, shuffle=False)
    n, v = read_rows(queue)
    nb, vb = tf.train.batch([n, v], batch_size=4, num_threads=2, allow_smaller_final_batch=True)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([nb, vb])
                sizes.append(len(a))
                rows += sorted(zip(a.tolist(), [x.decode() for x in b]))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sorted(sizes), sorted(rows)], "end": end}

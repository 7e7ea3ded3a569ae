"""GZIP records, `import tensorflow as tf` with `tf.compat.v1`; the reader made inline in the read with
`tf.io.TFRecordOptions(compression_type="GZIP")`; one thread, in order."""

import os

import tensorflow as tf

v1 = tf.compat.v1


def main(data_dir):
    path = os.path.join(data_dir, "r15a_gzip.gz")
    with tf.io.TFRecordWriter(path, options=tf.io.TFRecordOptions(compression_type="GZIP")) as w:
        for i in range(9):
            w.write(b"row-%d" % i)
    queue = v1.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, record = v1.TFRecordReader(options=tf.io.TFRecordOptions(compression_type="GZIP")).read(queue)
    batch = v1.train.batch([record], batch_size=4, allow_smaller_final_batch=True)
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([x.decode() for x in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

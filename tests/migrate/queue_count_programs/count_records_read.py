"""An evaluation input counting the examples its reader read (`num_records_produced`) once the batches end, the
reader made by keywords, `from tensorflow.compat.v1 import train`, a `coord.should_stop()` loop."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    filenames = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(2)]
    file_queue = train.string_input_producer(filenames, num_epochs=2, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    _, value = reader.read(file_queue)
    seen = reader.num_records_produced()
    pair = tf.reshape(tf.io.decode_raw(value, tf.int32), [2])
    first, second = train.batch([pair[0], pair[1]], 4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([first, second])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
        read = int(sess.run(seen))
    return {"batches": batches, "end": end, "counts": [read]}

"""Fixed-length binary records read several at a time with `read_up_to`, decoded and re-batched with
`enqueue_many=True` (the CIFAR-style binary reader, vectorised), then the reader's `num_records_produced()` asked
at the end, as evaluation scripts did to count the examples seen."""
import os

import tensorflow as tf
from tensorflow.compat.v1 import train

RECORD_BYTES = 8
HEADER_BYTES = 4


def main(data_dir):
    filenames = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
    file_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    keys, values = reader.read_up_to(file_queue, 5)
    num_records = reader.num_records_produced()
    decoded = tf.reshape(tf.io.decode_raw(values, tf.int32), [-1, 2])
    index, triple = decoded[:, 0], decoded[:, 1]
    index_batch, triple_batch = train.batch([index, triple], batch_size=6, enqueue_many=True,
                                            num_threads=1, capacity=30, allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, t = sess.run([index_batch, triple_batch])
                batches.append([i.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
        batches.append(["produced", int(sess.run(num_records))])
    return {"batches": batches, "end": end}

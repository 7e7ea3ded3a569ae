"""A batch helper of another module (``from r25q_lib import batching``) whose FIFOQueue takes two of its
parameters: ``[op] * k`` written ``threads * [op]`` through a local, the dequeue unpacked into two names."""
import os
import struct

import tensorflow.compat.v1 as tf

from r25q_lib import batching


def main(data_dir):
    root = os.path.join(data_dir, "r25q_other_module")
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "numbers.bin")
    with open(path, "wb") as f:
        for i in range(16):
            f.write(struct.pack("<i", i))
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, value = tf.FixedLengthRecordReader(record_bytes=4).read(files)
    number = tf.reshape(tf.decode_raw(value, tf.int32), [])
    numbers, squares = batching.fifo_pairs(number, number * number, 4)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([numbers, squares])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

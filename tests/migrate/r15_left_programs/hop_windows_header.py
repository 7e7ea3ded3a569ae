"""Overlapping fixed-length records: 8-byte records every 4 bytes after a 4-byte header, two epochs; a file shorter
than the header third in the list, which ends legacy's reading there (the later files are never read)."""

import glob
import os

import tensorflow.compat.v1 as tf

HOP = 4


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    short = os.path.join(data_dir, "r15l_short.bin")
    with open(short, "wb") as f:
        f.write(b"HD")
    files = files[:2] + [short] + files[2:]
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    reader = tf.FixedLengthRecordReader(8, header_bytes=4, hop_bytes=HOP)
    _, value = reader.read(queue)
    pair = tf.decode_raw(value, tf.int32)
    pair.set_shape([2])
    first, second = pair[0], pair[1]
    a, b = tf.train.batch([first, second], batch_size=7, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

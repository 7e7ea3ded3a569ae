"""A reader helper called with an inline producer; the element gets its shape after the helper."""

import tensorflow.compat.v1 as tf


def read_fixed(queue):
    reader = tf.FixedLengthRecordReader(8, header_bytes=4)
    key, value = reader.read(queue)
    return tf.decode_raw(value, tf.int32)


def main(data_dir):
    files = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
    pair = read_fixed(tf.train.string_input_producer(files, num_epochs=2, shuffle=False))
    pair = tf.reshape(pair, [2])
    batch = tf.train.batch([pair], batch_size=10, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}

"""A fixed-length record reader in one method of a class, its record size computed there by a loop over the
class's shape; another method makes the producer, calls it, casts and batches. `record_bytes` is re-bound to
the decoded record after the read."""

import os

import tensorflow.compat.v1 as tf

LABEL_BYTES = 4


class FixedRecords(object):
    def __init__(self, data_dir, batch_size=5):
        self.data_dir = data_dir
        self.batch_size = batch_size
        self.shape = [1]
        self.value_bytes = 4

    def read_record(self, filename_queue):
        payload = self.value_bytes
        for dim in self.shape:
            payload *= dim
        record_bytes = LABEL_BYTES + payload
        reader = tf.FixedLengthRecordReader(header_bytes=4, record_bytes=record_bytes)
        _, value = reader.read(filename_queue)
        record_bytes = tf.decode_raw(value, tf.int32)
        label = record_bytes[0]
        image = tf.reshape(record_bytes[1:1 + payload // self.value_bytes], self.shape)
        return label, image

    def inputs(self):
        names = [os.path.join(self.data_dir, 'fixed-%d.bin' % i) for i in range(3)]
        queue = tf.train.string_input_producer(names, num_epochs=2, shuffle=False)
        label, image = self.read_record(queue)
        image = tf.cast(image, tf.float32) * 0.5
        return tf.train.batch([label, image], batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    labels, images = FixedRecords(data_dir).inputs()
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([labels, images])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}

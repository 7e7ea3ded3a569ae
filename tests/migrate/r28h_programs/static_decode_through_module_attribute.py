"""The static decode called as ``records.Digits.read_and_decode`` (the module imported, the class reached
through it), its batch here, the name ``Digits`` reused for a local."""
import os

import tensorflow as tf

import r28h_lib.records as records


def batches(path, n):
    Digits = n  # (a local of the same name as the class: not the class)
    image, label = records.Digits.read_and_decode(path, epochs=2)
    return tf.compat.v1.train.batch([image, label], batch_size=Digits, allow_smaller_final_batch=True)


def main(data_dir):
    out_dir = os.path.join(data_dir, 'r28h_static_decode_module')
    path = records.Digits.write(out_dir, 'test', n=5, offset=1)
    images, labels = batches(path, 3)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                im, lab = sess.run([images, labels])
                out.append({'labels': lab.tolist(), 'first': [round(float(v), 3) for v in im[:, 1]]})
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'done'}

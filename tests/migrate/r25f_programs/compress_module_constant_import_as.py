"""ZLIB records whose reader takes another module's constant through `import pkg.mod as m`."""
import os

import tensorflow.compat.v1 as tf

import r25f_lib.records as rec


def main(data_dir):
    root = os.path.join(data_dir, 'r25f_compress_module_constant_import_as')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'rows.tfrecord.zz')
    rec.write(path, [[k, 10 * k, 100 * k] for k in range(7)], rec.OPTIONS)
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader(options=rec.OPTIONS)
    _, serialized = reader.read(queue)
    row = rec.decode(serialized, 3)
    batch = tf.train.batch([row], batch_size=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

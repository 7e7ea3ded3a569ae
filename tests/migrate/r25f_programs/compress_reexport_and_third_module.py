"""Two readers: one takes a package's re-export of another module's constant (`from pkg import NAME`), the
other a constant of a third module that is a class attribute of the second (`settings.COMPRESSION`)."""
import os

import tensorflow.compat.v1 as tf

from r25f_lib import RECORD_OPTIONS
from r25f_lib import records, settings


def read(path, options):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader(options=options)
    _, serialized = reader.read(queue)
    return tf.train.batch([records.decode(serialized, 2)], batch_size=2, allow_smaller_final_batch=True)


def main(data_dir):
    root = os.path.join(data_dir, 'r25f_compress_reexport_and_config_object')
    os.makedirs(root, exist_ok=True)
    zlib, gzip = os.path.join(root, 'a.tfrecord.zz'), os.path.join(root, 'b.tfrecord.gz')
    records.write(zlib, [[k, -k] for k in range(5)], RECORD_OPTIONS)
    records.write(gzip, [[7 * k, k] for k in range(4)],
                  tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.GZIP))
    first = read(zlib, RECORD_OPTIONS)
    queue = tf.train.string_input_producer([gzip], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(settings.COMPRESSION))
    _, serialized = reader.read(queue)
    second = tf.train.batch([records.decode(serialized, 2)], batch_size=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(2):
                batches.append(sess.run(second).tolist())
            while True:
                batches.append(sess.run(first).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}

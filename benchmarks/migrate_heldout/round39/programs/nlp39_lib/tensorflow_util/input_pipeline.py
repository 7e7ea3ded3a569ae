import os
import traceback

import tensorflow.compat.v1 as tf

from nlp39_lib.config import log, SAMPLE_DATA_DIR


def input_pipeline(filenames, batch_size=100, shuffle=True, delim='\t', tokens=2):
    min_after_dequeue = batch_size
    capacity = min_after_dequeue + 3 * batch_size

    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1)
    reader = tf.TextLineReader(skip_header_lines=None)
    _key, value = reader.read(filename_queue)
    x, y = tf.decode_csv(value, field_delim=delim, record_defaults=[[''] for _ in range(tokens)])

    if shuffle:
        features_batch, labels_batch = tf.train.shuffle_batch([x, y], batch_size=batch_size, capacity=capacity,
                                                              min_after_dequeue=min_after_dequeue)
    else:
        features_batch, labels_batch = tf.train.batch([x, y], batch_size=batch_size, capacity=capacity)
    return features_batch, labels_batch


def read_all(filenames, batch_size, shuffle=False):
    features_batch, labels_batch = input_pipeline(filenames, batch_size=batch_size, shuffle=shuffle)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                _features_batch, _labels_batch = sess.run([features_batch, labels_batch])
                batches.append([[f.decode('utf-8') for f in _features_batch],
                                [l.decode('utf-8') for l in _labels_batch]])
                log.info('%s %s' % (len(_features_batch), _labels_batch))
        except tf.errors.OutOfRangeError:
            log.info('end of input: %d batches' % len(batches))
        except Exception:
            log.error(traceback.format_exc())
        finally:
            coord.request_stop()
            coord.join(threads)
    return batches

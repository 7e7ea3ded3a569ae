"""A CSV reader whose header is skipped through ``TextLineReader(**kw)``, ``kw = reader_kwargs or {}``, the dict
given by the one caller."""
import os

import tensorflow.compat.v1 as tf


def write(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    files = []
    for s in range(2):
        path = os.path.join(data_dir, 'rows-%d.csv' % s)
        with open(path, 'w') as f:
            f.write('id,value\n')
            for k in range(4):
                f.write('%d,%.1f\n' % (s * 10 + k, k / 2.0))
        files.append(path)
    return files


def read_rows(filename_queue, reader_kwargs=None):
    kw = reader_kwargs or {}
    reader = tf.TextLineReader(**kw)
    _, line = reader.read(filename_queue)
    ident, value = tf.decode_csv(line, [[0], [0.0]])
    return ident, value


def inputs(files, batch_size):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    ident, value = read_rows(queue, reader_kwargs={'skip_header_lines': 1})
    return tf.train.batch([ident, value * 3.0], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = write(os.path.join(data_dir, 'r28t_rows'))
    ident, value = inputs(files, 3)
    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    try:
        while True:
            i, v = sess.run([ident, value])
            batches.append([i.tolist(), v.round(3).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'done'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}

"""A Supervisor's managed_session drives a FixedLengthRecordReader pipeline built in an input function
under tf.variable_scope, for a fixed number of steps."""

import tempfile

import tensorflow.compat.v1 as tf

RECORD_BYTES = 8


def read_fixed(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=4)
    _, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int32)
    return tf.reduce_sum(record), record[0]


def input_fn(data_dir, batch_size):
    with tf.variable_scope("input"):
        files = [data_dir + "/fixed-%d.bin" % i for i in range(3)]
        queue = tf.train.string_input_producer(files, shuffle=False)
        total, first = read_fixed(queue)
        return tf.train.batch([total, first], batch_size=batch_size)


def main(data_dir):
    totals, firsts = input_fn(data_dir, 7)
    out = []
    sv = tf.train.Supervisor(logdir=tempfile.mkdtemp(), save_model_secs=0, save_summaries_secs=0)
    with sv.managed_session() as sess:
        for step in range(5):
            if sv.should_stop():
                break
            t, f = sess.run([totals, firsts])
            out.append([t.tolist(), f.tolist()])
    return {"batches": out, "end": "steps"}

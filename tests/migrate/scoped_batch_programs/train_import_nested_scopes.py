"""`from tensorflow.compat.v1 import train` and `tf1`: a helper in the same module reads fixed-length records
and returns a record object; the batch is positional and alone under two scopes in one `with`
(`tf1.name_scope` and `tf1.variable_scope`); a name `batch` reused in another function. In order, one epoch."""

import os

import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import train


class Record(object):
    pass


def read_fixed(queue):
    reader = tf1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    record = Record()
    record.key, value = reader.read(queue)
    pair = tf1.decode_raw(value, tf1.int32)
    record.a = pair[0]
    record.b = pair[1] * 2
    return record


def batched(data_dir, size):
    names = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
    queue = train.string_input_producer(names, num_epochs=1, shuffle=False)
    record = read_fixed(queue)
    with tf1.name_scope("input"), tf1.variable_scope("fixed_batch"):
        batch = train.batch([record.a, record.b], size, 1, 32, allow_smaller_final_batch=True)
    return batch


def describe(batch):
    return len(batch)


def main(data_dir):
    a, b = batched(data_dir, 5)
    out, end = [], None
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            x, y = sess.run([a, b])
            out.append([x.tolist(), y.tolist(), describe([x, y])])
    except tf1.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}

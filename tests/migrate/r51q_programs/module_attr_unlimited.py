"""A reader helper of another module (``from pkg import mod``), handed an unlimited producer; a fixed loop."""
import os

import tensorflow as tf

from r51q_lib import records

tf1 = tf.compat.v1


def main(data_dir):
    root = os.path.join(data_dir, 'r51q_attr')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'a.tfrecords')
    records.write_records(path, 6, 100)
    file_queue = tf1.train.string_input_producer([path])
    sess = tf1.Session()
    values, names = records.read_and_batch(file_queue)
    sess.run(tf1.global_variables_initializer())
    tf1.train.start_queue_runners(sess=sess)
    batches = []
    for _ in range(5):
        v, n = sess.run([values, names])
        batches.append([v.tolist(), [x.decode() for x in n]])
    sess.close()
    return {"batches": batches, "end": "read %d" % len(batches)}

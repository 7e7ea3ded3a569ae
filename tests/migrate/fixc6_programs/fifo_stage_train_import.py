"""A FIFOQueue stage of this module under a name scope (one runner thread), `train` imported by name: the
elements go on in order."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def pass_through(tensors, capacity=8, threads=1, dtypes=None, shapes=None, shared_name=None, name="pass"):
    tensors = list(tensors)
    with tf.name_scope(name, values=tensors):
        dtypes = dtypes or [t.dtype for t in tensors]
        shapes = shapes or [t.get_shape() for t in tensors]
        queue = tf.FIFOQueue(capacity, dtypes, shapes=shapes, shared_name=shared_name)
        op = queue.enqueue(tensors)
        train.add_queue_runner(train.QueueRunner(queue, [op] * threads))
        out = queue.dequeue()
        return out


def main(data_dir):
    folder = os.path.join(data_dir, "fixc6_fifo")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,word%d\n" % (i, i * 7 % 10))
    files = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    a, b = tf.decode_csv(line, record_defaults=[[0], [""]])
    staged = pass_through([a, b], capacity=6)
    ids, words = train.batch(staged, batch_size=3, num_threads=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, w = sess.run([ids, words])
                batches.append([i.tolist(), [x.decode() for x in w]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}

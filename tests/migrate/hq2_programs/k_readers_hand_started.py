"""A hand-built queue of k readers (``handbuilt.py``: one enqueue op per reader, made in a loop), its
`QueueRunner` made by hand and its threads started by hand, the list kept
(`runner_threads = qr.create_threads(sess, coord=coord, start=True)`), under `from tensorflow.compat.v1 import
train`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    out = os.path.join(data_dir, "hq2_k_readers")
    os.makedirs(out, exist_ok=True)
    files = []
    for n in range(3):
        path = os.path.join(out, "part%d.txt" % n)
        with open(path, "w") as f:
            for k in range(6):
                f.write("%d\n" % (n * 10 + k))
        files.append(path)
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
    values_queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[[]])
    enqueue_ops = []
    for _ in range(2):
        _, value = tf.TextLineReader().read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    qr = train.QueueRunner(values_queue, enqueue_ops)
    line = values_queue.dequeue()
    number = tf.strings.to_number(line, tf.int32)
    numbers = train.batch([number], batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        runner_threads = qr.create_threads(sess, coord=coord, start=True)
        try:
            while True:
                batches.append([sess.run(numbers).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads + runner_threads)
    return {"batches": batches, "end": "numbers: %d" % sum(len(b[0]) for b in batches)}

"""A range_input_producer's index read by a py_func whose loader is another module's function; the py_func's
list of outputs is shaped by index (`outs[0].set_shape(...)`), enqueued whole into a RandomShuffleQueue under a
QueueRunner and read by dequeue_many inside a Supervisor loop (`import tensorflow.compat.v1 as tf`)."""
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r46p_lib import rows


def main(data_dir):
    folder = os.path.join(data_dir, "r46p_module_loader")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.jsonl")
    with open(path, "w") as f:
        for i in range(12):
            f.write(json.dumps({"id": i, "values": [i * 0.5, i + 1.0]}) + "\n")
    rows.load(path)
    index_queue = tf.train.range_input_producer(len(rows.ROWS), num_epochs=1, shuffle=False)
    idx = index_queue.dequeue()
    outs = tf.py_func(rows.row, [idx], [tf.float32, tf.int64], stateful=False)
    outs[0].set_shape([2])
    outs[-1].set_shape([])
    queue = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=4, dtypes=[tf.float32, tf.int64],
                                  shapes=[[2], []], seed=5)
    enqueue_op = queue.enqueue(outs)
    batch = queue.dequeue_many(4)
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 3)
    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)
    sv = tf.train.Supervisor(logdir=None)
    batches = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            values, ids = sess.run(batch)
            batches.append([values.tolist(), ids.tolist()])
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}

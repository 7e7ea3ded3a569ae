"""A hand-built FIFOQueue (`data_flow_ops` import style) filled by a QueueRunner from a
`range_input_producer`; two dequeue ops of the one queue (a training dequeue_many and a single-example monitor
dequeue) run in turn until the queue ends; `from tensorflow.compat.v1 import train`."""

import csv
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train
from tensorflow.python.ops import data_flow_ops


def load_table(data_dir):
    rows = []
    for shard in range(3):
        with open(os.path.join(data_dir, "table-%d.csv" % shard)) as f:
            reader = csv.reader(f)
            next(reader)
            rows.extend([float(a), float(b), int(label)] for a, b, label in reader)
    return rows


def main(data_dir):
    rows = load_table(data_dir)
    table = tf.constant([[r[0], r[1]] for r in rows], dtype=tf.float32)
    labels = tf.constant([r[2] for r in rows], dtype=tf.int32)
    index = train.range_input_producer(len(rows), num_epochs=2, shuffle=False, capacity=32).dequeue()
    example = tf.gather(table, index)
    label = tf.gather(labels, index)

    queue = data_flow_ops.FIFOQueue(capacity=40, dtypes=[tf.int32, tf.float32, tf.int32],
                                    shapes=[[], [2], []], name="example_queue")
    enqueue_op = queue.enqueue([index, example, label])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op]))
    train_batch = queue.dequeue_many(6)
    monitor_one = queue.dequeue()

    batches = []
    end = None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess, coord)
    try:
        step = 0
        while True:
            if step % 2 == 0:
                idx, ex, lab = sess.run(train_batch)
                batches.append([idx.tolist(), ex.tolist(), lab.tolist()])
            else:
                idx, ex, lab = sess.run(monitor_one)
                batches.append([[int(idx)], [ex.tolist()], [int(lab)]])
            step += 1
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

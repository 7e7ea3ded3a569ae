"""Turnstile gate events numbered by a counter variable inside the enqueue op.

From the "counter + QueueRunner" example that several Chinese TensorFlow books carry (seen as
dugzzuli/TFDL p141.py: `add_op = tf.assign_add(counter, 1.0)`, `enqueueData_op =
q.enqueue(counter)`, `QueueRunner(q, enqueue_ops=[add_op, enqueueData_op] * 2)`), whose output
is racy: the add and the enqueue run in different threads.  The usual fix (Stack Overflow) puts
the enqueue under tf.control_dependencies([add_op]) and uses one op in one thread.  Here each
enqueue also reads one gate event line; two consumers (morning and evening dequeue ops) take
turns on the one queue.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "h62_turnstiles")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(141)
    path = os.path.join(folder, "gate_events.csv")
    with open(path, "w") as f:
        for i in range(10):
            f.write("G%d,%02d:%02d\n" % (rng.randint(1, 4), 7 + i, rng.randint(0, 60)))

    fq = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(fq)
    gate, clock = tf.decode_csv(line, [[""], [""]])

    q = tf.FIFOQueue(1000, [tf.int32, tf.string, tf.string], shapes=[[], [], []])
    counter = tf.Variable(0, dtype=tf.int32)
    with tf.control_dependencies([gate]):  # count only events actually read
        add_op = tf.assign_add(counter, 1)
    with tf.control_dependencies([add_op]):
        enqueueData_op = q.enqueue([tf.identity(add_op), gate, clock])
    qr = tf.train.QueueRunner(q, enqueue_ops=[enqueueData_op])
    tf.train.add_queue_runner(qr)

    morning = q.dequeue_many(2, name="morning")
    evening = q.dequeue_many(2, name="evening")

    batches = []
    sess = tf.Session()
    sess.run(tf.initialize_all_variables())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    enqueue_threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    consumers = [morning, evening]
    i = 0
    try:
        while True:
            n, g, c = sess.run(consumers[i % 2])
            batches.append([n.tolist(), [x.decode() for x in g], [x.decode() for x in c]])
            i += 1
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(enqueue_threads)
    final = sess.run(counter)
    sess.close()
    return {"batches": batches, "end": {"counter": int(final), "dequeues": i}}

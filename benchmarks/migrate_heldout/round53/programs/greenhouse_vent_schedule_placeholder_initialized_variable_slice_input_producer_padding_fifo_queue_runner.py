"""Vent schedule entries held in a variable initialised from a placeholder (collections=[]), sliced one by one
into a hand-built PaddingFIFOQueue by a QueueRunner (the fixed version: the runner is registered and started)."""
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf


def run_training(schedule_path):
    with open(schedule_path) as f:
        entries = [line.strip() for line in f if line.strip()]
    my_list_val = np.array(entries).reshape(len(entries), 1)

    with tf.name_scope("input"):
        sched_initializer = tf.placeholder(dtype=tf.string, shape=[len(entries), 1])
        input_sched = tf.Variable(sched_initializer, trainable=False, collections=[])
        sched = tf.train.slice_input_producer([input_sched], shuffle=False, capacity=1, num_epochs=1)
        scheds = tf.PaddingFIFOQueue(len(entries), tf.string, [[1]])
        scheds_qr = tf.train.QueueRunner(queue=scheds, enqueue_ops=[scheds.enqueue(sched)])
        tf.train.add_queue_runner(scheds_qr)
        next_three = scheds.dequeue_many(3)

    init_op = tf.global_variables_initializer()
    sess = tf.Session()
    sess.run(init_op)
    sess.run(tf.local_variables_initializer())
    sess.run(input_sched.initializer, feed_dict={sched_initializer: my_list_val})

    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    start_time = time.time()
    try:
        step = 0
        while not coord.should_stop():
            value = sess.run(next_three)
            batches.append([[[v.decode() for v in row] for row in value]])
            step += 1
    except tf.errors.OutOfRangeError:
        print("Done -- %d steps in %.2f s" % (step, time.time() - start_time))
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return batches


def main(data_dir):
    folder = os.path.join(data_dir, "h53_greenhouse_vent_schedule_placeholder_initialized_variable_slice_input_producer_padding_fifo_queue_runner")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5304)
    path = os.path.join(folder, "vent_schedule.txt")
    with open(path, "w") as f:
        for i in range(12):
            f.write("zone%d-%02dh-%s\n" % (i % 4, rng.randint(0, 24), ["open", "half", "shut"][rng.randint(3)]))
    batches = run_training(path)
    return {"batches": batches, "end": "entries: %d" % (3 * len(batches))}

# -*- coding: utf-8 -*-
# 采石场爆破振动记录：QueueRunner 只管生孩子，不管养孩子，所以要配协调器
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_blasts(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5011)
    path = os.path.join(out, "blasts.csv")
    with open(path, "w") as f:
        for k in range(10):
            # blast_no, charge_kg, distance_m, ppv_mm_s
            f.write("%d,%.1f,%d,%.2f\n" % (300 + k, rng.uniform(80, 400), rng.randint(150, 900), rng.uniform(0.5, 12)))
    return path


def main(data_dir):
    path = write_blasts(os.path.join(data_dir, "h50_quarry_blasts"))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    blast_no, charge, distance, ppv = tf.decode_csv(line, record_defaults=[[0], [0.0], [0], [0.0]])

    q = tf.FIFOQueue(5, [tf.int32, tf.float32, tf.int32, tf.float32])
    my_thread_enqueue = q.enqueue([blast_no, charge, distance, ppv])
    cord = tf.train.Coordinator()
    # 乘以2表示创建两份列表内的线程
    qr = tf.train.QueueRunner(q, enqueue_ops=[my_thread_enqueue] * 2)
    my_dequeue = q.dequeue()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        # the file name queue's own runner (from string_input_producer), then ours
        producer_threads = tf.train.start_queue_runners(sess=sess, coord=cord)
        my_threads = qr.create_threads(sess, start=True, coord=cord)
        try:
            for i in range(100):
                b, c, d, p = sess.run(my_dequeue)
                print(b, c, d, p)
                batches.append([[int(b)], [float(c)], [int(d)], [float(p)]])
        except tf.errors.OutOfRangeError:
            print("queue closed after %d blasts" % len(batches))
        cord.request_stop()
        cord.join(producer_threads + my_threads)
    return {"batches": batches, "end": "blasts: %d" % len(batches)}

#队列管理器 -- sourdough starter feedings counted by a variable
# 创建一个先进先出的队列, 一个计数器, 入队前先自加 (control_dependencies)
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_schedule(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "feeding_schedule.json")
    with open(path, "w") as f:
        json.dump({"flour_per_feed": 12.5, "water_ratio": 0.8, "feeds": 10}, f)
    return path


def main(data_dir):
    path = write_schedule(os.path.join(data_dir, "h65_sourdough_feedings"))
    with open(path) as f:
        schedule = json.load(f)

    #创建一个先进先出的队列，长度为1000
    q = tf.FIFOQueue(1000, dtypes=[tf.float32, tf.float32])

    #定义一个计数器
    counter = tf.Variable(0.0)

    #定义计数器的自加操作
    counter_add = tf.assign_add(counter, tf.constant(1.0))
    #入列操作
    with tf.control_dependencies([counter_add]):
        flour = counter * schedule["flour_per_feed"]
        water = flour * schedule["water_ratio"]
        enque_op = q.enqueue([counter, water])

    #创建队列管理器
    qr = tf.train.QueueRunner(q, enqueue_ops=[enque_op])
    dq = q.dequeue()

    batches = []
    #创建会话
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        #创建一个线程协调器
        coord = tf.train.Coordinator()

        #启动入队线程
        enqueue_threads = qr.create_threads(sess, coord=coord, start=True)

        #主线程
        for i in range(schedule["feeds"]):
            feed_no, water_g = sess.run(dq)
            batches.append([[float(feed_no)], [float(np.round(water_g, 4))]])
        coord.request_stop()
        #等待其他线程结束,当其他线程都关闭之后，函数才返回结果
        coord.join(enqueue_threads)
    return {"batches": batches, "end": "feedings: %d" % len(batches)}

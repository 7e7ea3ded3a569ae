# coding: utf-8
# 灯塔灯时：队列里的每个数出队、加 1、再入队
import os

import tensorflow.compat.v1 as tf


def main(data_dir):
    out = os.path.join(data_dir, "h50_lighthouse_lamp_hours")
    if not os.path.exists(out):
        os.makedirs(out)
    path = os.path.join(out, "lamp_hours.txt")
    with open(path, "w") as f:
        f.write("0 10 25\n")
    with open(path) as f:
        hours = [int(t) for t in f.read().split()]

    # 创建一个FIFO队列，队列中最多3个元素，类型为int32
    q = tf.FIFOQueue(3, "int32")
    # enqueue_many初始化队列中的元素
    init = q.enqueue_many((hours,))
    # dequeue把第一个元素出队列，并将其值保存到变量x
    x = q.dequeue()
    y = x + 1
    # enqueue把y插入到队列
    q_inc = q.enqueue([y])

    batches = []
    with tf.Session() as sess:
        # 运行初始化队列
        init.run()
        for _ in range(7):
            v, _ = sess.run([x, q_inc])
            print(v)
            batches.append([[int(v)]])
    return {"batches": batches, "end": "lamp readings: %d" % len(batches)}

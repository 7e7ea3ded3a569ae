# 队列管理器 (самовар: счётчик доливов)
import os
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, 'h61_samovar')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, 'start.txt'), 'w') as f:
        f.write('40.0\n')
    with open(os.path.join(folder, 'start.txt')) as f:
        start = float(f.read().strip())

    #创建一个先进先出的队列，长度为1000
    q = tf.FIFOQueue(1000, dtypes=tf.float32)

    #定义一个计数器
    counter = tf.Variable(start)

    #定义计数器的自加操作
    # counter_add = tf.assign_add(counter, tf.add(counter, 1))
    counter_add = tf.assign_add(counter, tf.constant(1.0))
    #入列操作
    with tf.control_dependencies([counter_add]):
        enque_op = q.enqueue([counter])

    #创建队列管理器
    qr = tf.train.QueueRunner(q, enqueue_ops=[enque_op])

    batches = []
    #创建会话
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        #创建一个线程协调器
        coord = tf.train.Coordinator()

        #启动入队线程
        enqueue_threads = qr.create_threads(sess, coord=coord, start=True)

        #主线程
        out = q.dequeue()
        for i in range(10):
            batches.append([[float(sess.run(out))]])
        coord.request_stop()
        #等待其他线程结束,当其他线程都关闭之后，函数才返回结果
        coord.join(enqueue_threads)
    return {"batches": batches, "end": "dequeued: %d" % len(batches)}

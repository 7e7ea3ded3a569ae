# 参考：https://blog.csdn.net/dcrmg/article/details/79776876
# 在N个epoch的文件名最后是一个结束标志，当tf读到这个结束标志的时候，会抛出一个 OutofRange 的异常，
# 外部捕获到这个异常之后就可以结束程序了。而创建tf的文件名队列就需要使用到 tf.train.slice_input_producer函数。
# (elevator inspection certificates: id, result 1 pass / 2 conditional / 3 fail)

import csv
import os

import tensorflow.compat.v1 as tf


def write_inspections(path):
    rows = [("EL-0231-2019", 1), ("EL-0232-2019", 3), ("EL-0571-2019", 1),
            ("EL-0572-2019", 2), ("EL-1104-2019", 1), ("EL-1188-2019", 2)]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["certificate", "result"])
        w.writerows(rows)


def main(data_dir):
    folder = os.path.join(data_dir, "h45_elevator_inspections")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "inspections.csv")
    write_inspections(path)

    images = []
    labels = []
    with open(path) as f:
        for row in csv.DictReader(f):
            images.append(row["certificate"])
            labels.append(int(row["result"]))

    epoch_num = 2

    f = tf.train.slice_input_producer([images, labels], num_epochs=epoch_num, shuffle=False)

    batches = []
    with tf.Session() as sess:
        # initializer for num_epochs
        tf.local_variables_initializer().run()

        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for i in range(20):
                k = sess.run(f)
                # print '************************'
                # print (i, k)
                batches.append([[k[0].decode()], [int(k[1])]])
        except tf.errors.OutOfRangeError:
            pass  # print('Done!!!')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "certificates read: %d" % len(batches)}

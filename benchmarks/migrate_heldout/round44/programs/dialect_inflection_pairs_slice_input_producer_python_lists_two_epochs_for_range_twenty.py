# 参考：slice_input_producer 的文件名队列
# 在N个epoch的数据最后是一个结束标志，当tf读到这个结束标志的时候，会抛出一个 OutofRange 的异常，
# 外部捕获到这个异常之后就可以结束程序了。

import os
import tensorflow as tf

tf1 = tf.compat.v1

PAIRS = [("gaan", "gong", 2), ("loupe", "liep", 3), ("zwemme", "zwom", 3),
         ("drinke", "dronk", 3), ("hebbe", "had", 1)]


def write_pairs(folder):
    path = os.path.join(folder, "werkwoorden.tsv")
    with open(path, "w", encoding="utf-8") as f:
        for lemma, past, cls in PAIRS:
            f.write("%s\t%s\t%d\n" % (lemma, past, cls))
    return path


def main(data_dir):
    folder = os.path.join(data_dir, "h44_dialect_inflection")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    lemmas, forms, labels = [], [], []
    with open(write_pairs(folder), encoding="utf-8") as f:
        for line in f:
            lemma, past, cls = line.rstrip("\n").split("\t")
            lemmas.append(lemma)
            forms.append(past)
            labels.append(int(cls))

    epoch_num = 2

    f = tf1.train.slice_input_producer([lemmas, forms, labels], num_epochs=epoch_num, shuffle=False)

    batches = []
    end = "loop finished"
    with tf1.Session() as sess:
        # initializer for num_epochs
        tf1.local_variables_initializer().run()

        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for i in range(20):
                k = sess.run(f)
                # print('************************')
                # print(i, k)
                batches.append([[k[0].decode()], [k[1].decode()], [int(k[2])]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRange after %d reads" % len(batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

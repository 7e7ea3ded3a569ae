#!/usr/bin/python
# -*- coding:UTF-8 -*-
#单个reader，多个样本 (roast batches: batch id, roast level)
import os

import tensorflow.compat.v1 as tf


def write_roasts(folder):
    levels = ["cinnamon", "city", "full city", "vienna", "french"]
    names = []
    for n, name in enumerate(["A.csv", "B.csv", "C.csv"]):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            for i in range(4):
                f.write("R%s-%02d,%s\n" % (name[0], i + 1, levels[(n * 4 + i * 3) % len(levels)]))
        names.append(path)
    return names


def main(data_dir):
    folder = os.path.join(data_dir, "h45_coffee_roasts")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filenames=write_roasts(folder)
    filename_queue=tf.train.string_input_producer(filenames,shuffle=False)

    reader=tf.TextLineReader()
    key,value=reader.read(filename_queue)

    example,label=tf.decode_csv(value,record_defaults=[['null'],['null']])
    example_batch,label_batch=tf.train.batch([example,label],batch_size=2)

    batches=[]
    with tf.Session() as sess:
        coord=tf.train.Coordinator()
        threads=tf.train.start_queue_runners(coord=coord)
        for i in range(3):
            e=example_batch.eval()
            l=label_batch.eval()
            # print(e,l)
            batches.append([[x.decode() for x in e],[x.decode() for x in l]])
        #这种形式的输出example和label是不能相对应的
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "batches dequeued: %d" % (2 * len(batches))}

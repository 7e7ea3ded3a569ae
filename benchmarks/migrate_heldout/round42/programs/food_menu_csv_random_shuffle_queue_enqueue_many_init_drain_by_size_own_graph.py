# -*- coding: utf-8 -*-
# 随机队列 RandomShuffleQueue: 每次出队得到的是队列中随机选择的一个元素
import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _write_menus(root):
    rng = np.random.RandomState(4215)
    menus = {'breakfast.csv': ['congee', 'youtiao', 'baozi', 'soy_milk', 'jianbing', 'tea_egg'],
             'dinner.csv': ['mapo_tofu', 'kung_pao_chicken', 'hotpot', 'char_siu', 'dumplings', 'fried_rice']}
    paths = []
    for name in sorted(menus):
        path = os.path.join(root, name)
        with open(path, 'w', newline='') as f:
            writer = csv.writer(f)
            writer.writerow(['dish', 'kcal'])
            for dish in menus[name]:
                writer.writerow([dish, round(float(rng.uniform(80, 900)), 1)])
        paths.append(path)
    return paths


def _load_menu(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return [r['dish'] for r in rows], [float(r['kcal']) for r in rows]


def main(data_dir):
    root = os.path.join(data_dir, 'h42_food_menu_shuffle_queue')
    if not os.path.isdir(root):
        os.makedirs(root)
    menus = [_load_menu(p) for p in _write_menus(root)]

    batches = []
    with tf.Graph().as_default():
        queue = tf.RandomShuffleQueue(capacity=8, min_after_dequeue=0, dtypes=[tf.string, tf.float32], seed=42)

        # 放入一些数据
        inits = [queue.enqueue_many([dishes, kcal]) for dishes, kcal in menus]

        out_queue = queue.dequeue()

        with tf.Session() as sess:
            for i, init in enumerate(inits):
                sess.run(init)
                # print('第{}次实验'.format(i+1))

                for m in range(queue.size().eval()):
                    dish, kcal = sess.run(out_queue)
                    # print('  第{}次弹出队列：{} {:.1f}'.format(m+1, dish, kcal))
                    batches.append([[dish.decode()], [round(float(kcal), 1)]])
    return {"batches": batches, "end": "dishes: %d" % len(batches)}

# -*- coding: utf-8 -*-
import os

import numpy as np
import tensorflow.compat.v1 as tf

from kayak65_lib.model import BuildTrainModel, BuildEvalModel

EVAL_STEPS = 2
BATCH_SIZE = 2


def write_runs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(650)
    paths = {}
    for split, n, base in (("train", 8, 0), ("eval", 4, 500)):
        path = os.path.join(folder, "%s_runs.csv" % split)
        with open(path, "w") as f:
            f.write("run,gate_time,paddle_rate,touches\n")
            for i in range(n):
                f.write("%d,%.1f,%.0f,%d\n" % (base + i, rng.uniform(80, 120), rng.randint(40, 70), rng.randint(0, 3)))
        paths[split] = path
    return paths


def main(data_dir):
    folder = os.path.join(data_dir, "h65_kayak_gate_runs")
    paths = write_runs(folder)
    checkpoints_path = os.path.join(folder, "checkpoints", "model")
    if not os.path.isdir(os.path.dirname(checkpoints_path)):
        os.makedirs(os.path.dirname(checkpoints_path))

    train_graph = tf.get_default_graph()
    with train_graph.as_default():
        train_model = BuildTrainModel([paths["train"]], BATCH_SIZE)
        initializer = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    train_sess = tf.Session(graph=train_graph)
    train_sess.run(initializer)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=train_sess, coord=coord)

    batches = []
    evaluations = 0
    i = 0
    try:
        while True:
            ids, feats, score = train_model.train(train_sess)
            batches.append([["train"], ids.tolist(), np.round(feats, 5).tolist(), np.round(score, 5).tolist()])
            i += 1
            if i % EVAL_STEPS == 0:
                checkpoint_path = train_model.saver.save(train_sess, checkpoints_path, global_step=i)
                # a fresh eval graph (and reader) every evaluation round
                eval_graph = tf.Graph()
                with eval_graph.as_default():
                    eval_model = BuildEvalModel([paths["eval"]], BATCH_SIZE)
                    local_init = tf.local_variables_initializer()
                eval_sess = tf.Session(graph=eval_graph)
                eval_model.saver.restore(eval_sess, checkpoint_path)
                eval_sess.run(local_init)
                eval_coord = tf.train.Coordinator()
                eval_threads = tf.train.start_queue_runners(sess=eval_sess, coord=eval_coord)
                try:
                    while True:
                        e_ids, e_score, step = eval_model.eval(eval_sess)
                        batches.append([["eval@%d" % step], e_ids.tolist(), np.round(e_score, 5).tolist()])
                except tf.errors.OutOfRangeError:
                    evaluations += 1
                finally:
                    eval_coord.request_stop()
                    eval_coord.join(eval_threads)
                    eval_sess.close()
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    train_sess.close()
    return {"batches": batches, "end": "train steps: %d, evaluations: %d" % (i, evaluations)}

# coding: utf-8
# 字幕提示（surtitle cues）：每一幕一个线程，把本幕的提示推入队列；主线程 dequeue_many
import json
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def write_cues(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5014)
    acts = {}
    for act in (1, 2):
        cues = []
        for k in range(6):
            cues.append({"cue": act * 100 + k, "start_s": round(float(rng.uniform(0, 3000)), 1),
                         "chars": int(rng.randint(12, 80))})
        acts["act%d" % act] = cues
    with open(os.path.join(out, "cues.json"), "w") as f:
        json.dump(acts, f)
    return os.path.join(out, "cues.json")


# 每个线程把自己那一幕的提示推进队列，推完就退出；协调器要求停止时也退出
def MyLoop(coord, worker_id, sess, enqueue_op, placeholders, cues):
    cue_ph, start_ph, chars_ph = placeholders
    for c in cues:
        if coord.should_stop():
            break
        sess.run(enqueue_op, feed_dict={cue_ph: c["cue"], start_ph: c["start_s"], chars_ph: c["chars"]})
    print("Working on id: %d done" % worker_id)


def main(data_dir):
    with open(write_cues(os.path.join(data_dir, "h50_opera_cues"))) as f:
        acts = json.load(f)

    cue_ph = tf.placeholder(tf.int32, shape=[])
    start_ph = tf.placeholder(tf.float32, shape=[])
    chars_ph = tf.placeholder(tf.int32, shape=[])
    queue = tf.FIFOQueue(capacity=4, dtypes=[tf.int32, tf.float32, tf.int32], shapes=[[], [], []])
    enqueue_op = queue.enqueue([cue_ph, start_ph, chars_ph])
    cue_batch, start_batch, chars_batch = queue.dequeue_many(3)

    total = sum(len(v) for v in acts.values())
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=MyLoop, args=(coord, i, sess, enqueue_op, (cue_ph, start_ph, chars_ph),
                                                     acts["act%d" % (i + 1)]))
               for i in range(2)]
    for t in threads:
        t.start()
    for step in range(total // 3):
        c, s, n = sess.run([cue_batch, start_batch, chars_batch])
        batches.append([c.tolist(), s.tolist(), n.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "cues: %d" % sum(len(b[0]) for b in batches)}

"""Next-dish recommender input: order histories in TFRecords, MonitoredSession with a StopAtStepHook."""
import os
import random

import tensorflow.compat.v1 as tf

from rec60_lib import reader, schema


def write_records(path):
    rng = random.Random(609)
    with tf.io.TFRecordWriter(path) as w:
        for user in range(12):
            hist = [rng.randint(1, 40) for _ in range(rng.randint(1, 4))]
            ex = tf.train.Example(features=tf.train.Features(feature={
                schema.USER_ID: tf.train.Feature(int64_list=tf.train.Int64List(value=[5000 + user])),
                schema.HISTORY: tf.train.Feature(int64_list=tf.train.Int64List(value=hist)),
                schema.TARGET: tf.train.Feature(int64_list=tf.train.Int64List(value=[rng.randint(1, 40)])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, "h60_food_delivery_orders")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "orders.tfrecord")
    write_records(path)
    users, history, target = reader.read_history([path], batch_size=3)
    global_step = tf.train.get_or_create_global_step()
    step = tf.assign_add(global_step, 1)
    hooks = [tf.train.StopAtStepHook(last_step=3)]
    batches = []
    with tf.train.MonitoredSession(hooks=hooks) as sess:
        while not sess.should_stop():
            u, h, t, _ = sess.run([users, history, target, step])
            batches.append([u.tolist(), h.tolist(), t.tolist()])
    return {"batches": batches, "end": "orders: %d" % sum(len(b[0]) for b in batches)}

import json
import os

import numpy as np
import tensorflow as tf

READINGS = None


def load(path):
    global READINGS
    with open(path) as f:
        READINGS = [json.loads(line) for line in f]


def foo(idx):
    r = READINGS[int(idx)]
    return (np.array([r["pm25"], r["pm10"], r["no2"]], dtype=np.float32),
            np.int32(r["sensor"]))


def main(data_dir):
    folder = os.path.join(data_dir, "h46_air_sensors")
    if not os.path.exists(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "readings.jsonl")
    rng = np.random.RandomState(4603)
    with open(path, "w") as f:
        for i in range(12):
            f.write(json.dumps({"sensor": int(i), "pm25": round(float(rng.uniform(3, 80)), 1),
                                "pm10": round(float(rng.uniform(8, 120)), 1),
                                "no2": round(float(rng.uniform(5, 60)), 1)}) + "\n")
    load(path)

    index_queue = tf.compat.v1.train.range_input_producer(len(READINGS), num_epochs=1, shuffle=False)
    idx = index_queue.dequeue()
    tf_f = tf.compat.v1.py_func(foo, [idx], [tf.float32, tf.int32], name='sampler', stateful=False)
    tf_f[0].set_shape([3])
    tf_f[1].set_shape([])
    batch_size = 4
    queue = tf.queue.RandomShuffleQueue(
        capacity=20,
        min_after_dequeue=6,
        dtypes=[tf.float32, tf.int32],
        shapes=[[3], []],
        seed=3,
        name='data_queue'
        )

    enqueue_op = queue.enqueue(tf_f)
    tf_data = queue.dequeue_many(batch_size)
    qr = tf.compat.v1.train.QueueRunner(queue, [enqueue_op] * 4)
    tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.QUEUE_RUNNERS, qr)
    sv = tf.compat.v1.train.Supervisor(logdir=None)
    # config = tf.ConfigProto(device_count={'GPU': -1})
    config = tf.compat.v1.ConfigProto(inter_op_parallelism_threads=2)
    batches = []
    with sv.managed_session(config=config) as sess:
        while not sv.should_stop():
            values, sensors = sess.run(tf_data)
            batches.append([np.round(values, 3).tolist(), sensors.tolist()])
    return {"batches": batches, "end": "readings: %d" % (len(batches) * batch_size)}

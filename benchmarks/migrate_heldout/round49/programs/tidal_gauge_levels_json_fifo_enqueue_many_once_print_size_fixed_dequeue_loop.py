# [TensorFlow] Thread and Queue -- FIFOQueue, tf.Print of the size left in queue
import json
import os

import tensorflow as tf

tf1 = tf.compat.v1


def main(data_dir):
    folder = os.path.join(data_dir, "h49_tidal_levels")
    os.makedirs(folder, exist_ok=True)
    readings = [{"t": i, "level": round(0.4 + 0.3 * ((i * 7) % 5) - 0.1 * i, 2)} for i in range(8)]
    with open(os.path.join(folder, "harbour_gauge.json"), "w") as f:
        json.dump(readings, f)

    with open(os.path.join(folder, "harbour_gauge.json")) as f:
        levels = [r["level"] for r in json.load(f)]

    dummy_input = tf.constant(levels, dtype=tf.float32)
    dummy_input = tf1.Print(dummy_input, data=[dummy_input], message='Loaded gauge levels: ', summarize=8)

    q = tf1.FIFOQueue(capacity=8, dtypes=tf.float32)
    enqueue_op = q.enqueue_many(dummy_input)

    data = q.dequeue()
    data = tf1.Print(data, data=[q.size(), data], message='How many items are left in queue: ')
    # create a fake graph that we can call upon
    fg = data + 1

    batches = []
    with tf1.Session() as sess:
        sess.run(enqueue_op)
        for i in range(0, 6):
            v = sess.run(fg)
            batches.append([[round(float(v), 4)]])
    return {"batches": batches, "end": "levels: %d of %d" % (len(batches), len(levels))}

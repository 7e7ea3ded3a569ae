import json
import os

import numpy as np
import tensorflow.compat.v1 as tf


def table_tensors(rows, num_epochs=1):
    names = tf.constant([r["name"] for r in rows])
    minutes = tf.constant(np.array([r["minutes"] for r in rows], np.int32))
    return {
        "name": tf.train.limit_epochs(names, num_epochs=num_epochs, name="name_epochs"),
        "minutes": tf.train.limit_epochs(minutes, num_epochs, name="minutes_epochs"),
    }


def main(data_dir):
    folder = os.path.join(data_dir, 'r48s_stops')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'stops.json')
    with open(path, 'w') as f:
        json.dump([{"name": "stop%d" % i, "minutes": 7 * i + 3} for i in range(7)], f)
    with open(path) as f:
        rows = json.load(f)
    features = table_tensors(rows)
    batch = tf.train.batch(features, batch_size=3, enqueue_many=True, capacity=9, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([[n.decode() for n in b["name"]], b["minutes"].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'rows %d' % sum(len(b[1]) for b in batches)}

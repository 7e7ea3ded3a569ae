# -*- coding: utf-8 -*-
# Ferry departures: the day's timetable is small enough to live in the graph as constants.
# tf.train.limit_epochs hands the whole table out once; tf.train.batch(enqueue_many=True) cuts it into rows.
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf


def load_timetable(path):
    with open(path) as f:
        return json.load(f)


def write_timetable(path):
    rng = np.random.RandomState(4811)
    routes = ["Oban-Craignure", "Ardrossan-Brodick", "Uig-Tarbert"]
    table = []
    for i in range(10):
        table.append({"route": routes[i % 3], "depart_min": int(6 * 60 + 35 * i),
                      "cars": int(rng.randint(0, 60)), "fare": round(float(rng.uniform(3.5, 18.0)), 2)})
    with open(path, "w") as f:
        json.dump(table, f)


def timetable_tensors(table, num_epochs=1):
    routes = tf.constant([t["route"] for t in table])
    depart = tf.constant(np.array([t["depart_min"] for t in table], np.int32))
    cars_fare = tf.constant(np.array([[t["cars"], t["fare"]] for t in table], np.float32))
    return {
        "route": tf.train.limit_epochs(routes, num_epochs=num_epochs, name="route_epochs"),
        "depart": tf.train.limit_epochs(depart, num_epochs=num_epochs, name="depart_epochs"),
        "cars_fare": tf.train.limit_epochs(cars_fare, num_epochs=num_epochs, name="cars_fare_epochs"),
    }


def main(data_dir):
    out = os.path.join(data_dir, "h48_ferry_departures")
    if not os.path.exists(out):
        os.makedirs(out)
    path = os.path.join(out, "timetable.json")
    write_timetable(path)
    table = load_timetable(path)

    features = timetable_tensors(table)
    batch = tf.train.batch(features, batch_size=3, enqueue_many=True, capacity=12,
                           allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append([np.round(b["cars_fare"].astype(np.float64), 2).tolist(), b["depart"].tolist(),
                                [r.decode() for r in b["route"]]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "departures: %d" % sum(len(b[1]) for b in batches)}

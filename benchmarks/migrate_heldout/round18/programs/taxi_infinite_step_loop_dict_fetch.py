"""Taxi trips: endless epochs over a trip log, a fixed number of training steps, and the batch fetched as a dict."""
import os

import tensorflow.compat.v1 as tf

MAX_STEPS = 11
BATCH_SIZE = 8


def write_trips(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "trips.csv")
    with open(path, "w") as out:
        for i in range(30):
            out.write("%d,%.1f,%.2f,%d\n" % (i, 1.5 + (i % 9) * 0.7, 4.0 + (i * 37 % 23) * 0.5, i % 6))
    return path


def trip_inputs(path):
    with tf.name_scope("trip_input"):
        filename_queue = tf.train.string_input_producer([path], shuffle=False)  # num_epochs=None: cycles
        reader = tf.TextLineReader()
        _, row = reader.read(filename_queue)
        trip_id, km, fare, zone = tf.decode_csv(row, [[0], [0.0], [0.0], [0]])
        fare_per_km = fare / km
        trip_b, km_b, rate_b, zone_b = tf.train.batch([trip_id, km, fare_per_km, zone], batch_size=BATCH_SIZE)
    return {"trip": trip_b, "km": km_b, "rate": rate_b, "zone": zone_b}


def main(data_dir):
    inputs = trip_inputs(write_trips(os.path.join(data_dir, "h18_taxi")))
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    for step in range(MAX_STEPS):
        values = sess.run(inputs)
        batches.append({"trip": values["trip"].tolist(), "km": [round(float(v), 4) for v in values["km"]],
                        "rate": [round(float(v), 5) for v in values["rate"]], "zone": values["zone"].tolist()})
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps=%d" % MAX_STEPS}

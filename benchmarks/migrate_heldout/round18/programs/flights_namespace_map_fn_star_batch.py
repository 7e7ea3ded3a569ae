"""Flight delays: settings in a `types.SimpleNamespace`; per-row `tf.map_fn` over the delay columns and a
per-row `tf.cond` for the label; the batch list built with star-unpacking and unpacked with a starred name."""
import os
import types

import tensorflow.compat.v1 as tf

SETTINGS = types.SimpleNamespace(batch_size=4, epochs=1, late_minutes=15.0, carriers=("AA", "DL", "UA"))


def write_flights(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "flights.csv")
    with open(path, "w") as out:
        out.write("flight,carrier,dep_delay,arr_delay,taxi_out,taxi_in\n")
        for i in range(18):
            out.write("%d,%s,%.1f,%.1f,%.1f,%.1f\n" % (
                400 + i, SETTINGS.carriers[i % 3], (i * 11 % 40) - 10.0, (i * 17 % 50) - 15.0, 8.0 + i % 9, 3.0 + i % 4))
    return path


def flight_features(line, settings):
    flight, carrier, dep, arr, taxi_out, taxi_in = tf.decode_csv(line, [[0], [""], [0.0], [0.0], [0.0], [0.0]])
    delays = tf.stack([dep, arr, taxi_out, taxi_in])
    clipped = tf.map_fn(lambda d: tf.maximum(d, 0.0) / 60.0, delays)
    late = tf.cond(arr > settings.late_minutes, lambda: tf.constant(1), lambda: tf.constant(0))
    return [flight, carrier, clipped], late


def main(data_dir):
    path = write_flights(os.path.join(data_dir, "h18_flights"))
    queue = tf.train.string_input_producer([path], num_epochs=SETTINGS.epochs, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    features, late = flight_features(line, SETTINGS)
    *feature_batch, late_batch = tf.train.batch([*features, late], batch_size=SETTINGS.batch_size,
                                                allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                (flight, carrier, clipped), lates = sess.run([feature_batch, late_batch])
                batches.append([flight.tolist(), [c.decode() for c in carrier],
                                [[round(float(v), 5) for v in row] for row in clipped], lates.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}

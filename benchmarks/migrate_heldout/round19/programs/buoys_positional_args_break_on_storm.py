"""Ocean buoys: every queue call takes its arguments by position (`string_input_producer(files, 1, False)`,
`TextLineReader(1)`, `train.batch(tensors, 5, 1, 50, ...)`); the loop is `for step in itertools.count()` and
breaks at the first batch holding a storm reading, then stops the runners."""

import itertools
import os

import numpy as np
import tensorflow.compat.v1 as tf

STORM_WAVE_M = 6.0
DEFAULTS = [["?"], [0.0], [0.0], [0.0]]


def write_readings(data_dir):
    out_dir = os.path.join(data_dir, "h19_buoys_positional_args_break_on_storm")
    os.makedirs(out_dir, exist_ok=True)
    paths, i = [], 0
    for station in ("41001", "46042"):
        path = os.path.join(out_dir, "station-%s.csv" % station)
        with open(path, "w") as f:
            f.write("station,wvht,wspd,pres\n")
            for _ in range(20):
                wave = 7.2 if i == 26 else 0.8 + (i % 9) * 0.45
                f.write("%s,%.2f,%.1f,%.1f\n" % (station, wave, 3.0 + (i * 7) % 15, 1000.0 + (i * 3) % 25))
                i += 1
        paths.append(path)
    return paths


def main(data_dir):
    filename_queue = tf.train.string_input_producer(write_readings(data_dir), 1, False)
    reader = tf.TextLineReader(1)
    _, value = reader.read(filename_queue)
    station, wave, wind, pressure = tf.decode_csv(value, DEFAULTS)
    batch = tf.train.batch([station, wave, wind, pressure], 5, 1, 50, allow_smaller_final_batch=True)

    batches, storm_at = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            for step in itertools.count():
                station_v, wave_v, wind_v, pressure_v = sess.run(batch)
                batches.append([[s.decode() for s in station_v], [round(float(v), 2) for v in wave_v],
                                [round(float(v), 1) for v in wind_v], [round(float(v), 1) for v in pressure_v]])
                if np.any(wave_v > STORM_WAVE_M):
                    storm_at = step
                    break
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": storm_at}

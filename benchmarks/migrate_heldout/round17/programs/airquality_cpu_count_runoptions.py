"""Air-quality forecasting input: the number of batching threads comes from `multiprocessing.cpu_count()`, the
session is made with a `ConfigProto`, and each fetch carries `RunOptions(timeout_in_ms=...)`."""

import multiprocessing
import os

import tensorflow.compat.v1 as tf

STATIONS = ("north", "south", "harbour")


def write_readings(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for s, station in enumerate(STATIONS):
        path = os.path.join(out_dir, "%s.csv" % station)
        with open(path, "w") as f:
            f.write("hour,pm25,pm10,no2\n")
            for hour in range(16):
                f.write("%d,%.1f,%.1f,%.1f\n" % (hour, 10 + (hour * 3 + s) % 13, 20 + (hour * 5 + s) % 17,
                                                  5 + (hour + 2 * s) % 7))
        paths.append(path)
    return paths


def reading(filename_queue):
    key, line = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
    hour, pm25, pm10, no2 = tf.decode_csv(line, record_defaults=[[0], [0.0], [0.0], [0.0]])
    station = tf.regex_replace(key, r".*/(\w+)\.csv:\d+$", r"\1")
    aqi = tf.maximum(pm25 * 2.0, pm10) + no2
    return station, hour, tf.stack([pm25, pm10, no2]), aqi


def main(data_dir):
    paths = write_readings(os.path.join(data_dir, "h17_airquality_cpu_count_runoptions"))
    num_threads = max(1, min(3, multiprocessing.cpu_count()))
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    station, hour, pollutants, aqi = reading(filename_queue)
    batch = tf.train.batch([station, hour, pollutants, aqi], batch_size=6, num_threads=num_threads,
                           capacity=6 * (num_threads + 2), allow_smaller_final_batch=True)
    config = tf.ConfigProto(inter_op_parallelism_threads=2, intra_op_parallelism_threads=2,
                            allow_soft_placement=True)
    options = tf.RunOptions(timeout_in_ms=60000)
    batches = []
    with tf.Session(config=config) as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, h, p, a = sess.run(batch, options=options)
                batches.append([[x.decode() for x in s.tolist()], h.tolist(), p.tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": end}

"""River gauges, one CSV export per station: each `Gauge` object makes its own producer (one file), reader
and decode under its own name scope, with the station index and its flood level baked in as Python
constants; `batch_join` over the gauges' lists."""

import os

import tensorflow.compat.v1 as tf

FLOOD_LEVEL = {"avon_bath": 3.1, "severn_bewdley": 4.5, "thames_kingston": 2.2}


def write_exports(data_dir):
    folder = os.path.join(data_dir, "h21_gauges")
    os.makedirs(folder, exist_ok=True)
    for s, station in enumerate(sorted(FLOOD_LEVEL)):
        with open(os.path.join(folder, station + ".csv"), "w") as out:
            out.write("timestamp,level_m,flow_m3s\n")
            for h in range(7 + 2 * s):
                level = 1.5 + ((h * 7 + s * 3) % 11) * 0.3
                out.write("2019-02-%02dT%02d:00:00,%.2f,%.1f\n" % (3 + s, h * 3, level, level * 40.0 + s))
    return folder


class Gauge(object):
    """One gauging station: its file, its queue and its reader."""

    def __init__(self, path, index):
        self.path = path
        self.index = index
        self.name = os.path.splitext(os.path.basename(path))[0]

    def reading(self):
        with tf.name_scope("gauge_%s" % self.name):
            queue = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False, name="files")
            reader = tf.TextLineReader(skip_header_lines=1, name="lines")
            _, line = reader.read(queue)
            stamp, level, flow = tf.decode_csv(line, record_defaults=[[""], [0.0], [0.0]])
            hour = tf.strings.to_number(tf.strings.substr(stamp, 11, 2), out_type=tf.int32)
            station = tf.constant(self.index, dtype=tf.int32)
            flooding = tf.greater(level, FLOOD_LEVEL[self.name])
            return [station, hour, level, flow, flooding]


def main(data_dir):
    folder = write_exports(data_dir)
    paths = sorted(tf.gfile.Glob(os.path.join(folder, "*.csv")))
    gauges = [Gauge(path, index) for index, path in enumerate(paths)]
    station, hour, level, flow, flooding = tf.train.batch_join(
        [gauge.reading() for gauge in gauges], batch_size=6, capacity=30, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, h, l, f, fl = sess.run([station, hour, level, flow, flooding])
                batches.append([s.tolist(), h.tolist(), [round(float(v), 2) for v in l],
                                [round(float(v), 1) for v in f], fl.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(gauges)}

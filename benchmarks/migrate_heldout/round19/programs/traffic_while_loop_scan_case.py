"""Loop-detector speeds (eight readings per row): per row a `tf.scan` smooths the readings, a `tf.while_loop` finds
the longest congested stretch and `tf.case` grades the row; the pipeline function takes keyword-only arguments."""

import glob
import os

import tensorflow as tf

READINGS = 8
CONGESTED_KMH = 40.0


def write_sensors(data_dir):
    out_dir = os.path.join(data_dir, "h19_traffic_while_loop_scan_case")
    os.makedirs(out_dir, exist_ok=True)
    i = 0
    for part in range(2):
        with open(os.path.join(out_dir, "speeds-%d.csv" % part), "w") as f:
            for _ in range(11):
                speeds = [20 + (i * 11 + j * j * 7) % 70 for j in range(READINGS)]
                f.write("S%03d,%s\n" % (100 + i, ",".join(str(s) for s in speeds)))
                i += 1
    return os.path.join(out_dir, "speeds-*.csv")


def _longest_congested(speeds):
    def cond(i, run, best):
        return i < READINGS

    def body(i, run, best):
        run = tf.where(speeds[i] < CONGESTED_KMH, run + 1, 0)
        return i + 1, run, tf.maximum(best, run)

    _, _, best = tf.while_loop(cond, body, [tf.constant(0), tf.constant(0), tf.constant(0)])
    return best


def _parse_row(line):
    columns = tf.io.decode_csv(line, record_defaults=[[""]] + [[0.0]] * READINGS)
    sensor, speeds = columns[0], tf.stack(columns[1:])
    smoothed = tf.scan(lambda acc, v: 0.7 * acc + 0.3 * v, speeds, initializer=speeds[0])
    mean = tf.reduce_mean(speeds)
    level = tf.case([(mean < 45.0, lambda: tf.constant(2)), (mean < 60.0, lambda: tf.constant(1))],
                    default=lambda: tf.constant(0), exclusive=False)
    return sensor, smoothed[-1], _longest_congested(speeds), level


def speed_batches(*, pattern, batch_size, num_epochs=1):
    files = sorted(glob.glob(pattern))
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, line = tf.compat.v1.TextLineReader().read(queue)
    return tf.compat.v1.train.batch(list(_parse_row(line)), batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    sensors, smoothed, longest, level = speed_batches(pattern=write_sensors(data_dir), batch_size=6)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, sm, lo, lv = sess.run([sensors, smoothed, longest, level])
                batches.append([[x.decode() for x in s], [round(float(v), 3) for v in sm], lo.tolist(), lv.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}

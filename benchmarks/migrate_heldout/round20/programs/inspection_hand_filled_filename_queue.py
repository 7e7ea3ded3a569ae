"""Assembly-line torque checks: the file names go into a FIFOQueue made by hand, filled and closed by two
session runs before the runners start (no producer, no runner for the names); a TextLineReader reads from it."""

import glob
import os

import tensorflow.compat.v1 as tf


def write_logs(folder):
    os.makedirs(folder, exist_ok=True)
    for station in range(3):
        with open(os.path.join(folder, "station_%d.log" % station), "w") as f:
            f.write("part|station|torque_nm|passed\n")
            for i in range(7 + station):
                torque = 11.5 + ((i * 7 + station * 3) % 10) * 0.25
                f.write("P%03d|S%d|%.2f|%s\n" % (station * 20 + i, station, torque, "Y" if torque < 13.5 else "N"))
    return sorted(glob.glob(os.path.join(folder, "station_*.log")))


def main(data_dir):
    files = write_logs(os.path.join(data_dir, "h20_inspection"))
    names = tf.FIFOQueue(capacity=8, dtypes=[tf.string], shapes=[[]], name="inspection_files")
    fill_names = names.enqueue_many([tf.constant(files)])
    close_names = names.close()

    reader = tf.TextLineReader(skip_header_lines=1)
    _, record = reader.read(names)
    part, station, torque, passed = tf.decode_csv(record, [[""], [""], [0.0], [""]], field_delim="|")
    accepted = tf.equal(passed, "Y")
    batch = tf.train.batch([part, station, torque, accepted], batch_size=4, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(fill_names)
        sess.run(close_names)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, s, t, a = sess.run(batch)
                batches.append([[x.decode() for x in p], [x.decode() for x in s],
                                [round(float(x), 3) for x in t], [bool(x) for x in a]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}

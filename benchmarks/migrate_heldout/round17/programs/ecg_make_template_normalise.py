"""ECG beat classification: a CSV row is twelve samples and a class; the beat and its first difference are
normalised by one `tf.make_template`, whose scale and offset variables the two calls share."""

import os

import tensorflow.compat.v1 as tf

SAMPLES = 12


def write_beats(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for part in range(2):
        path = os.path.join(out_dir, "beats-%d.csv" % part)
        with open(path, "w") as f:
            for i in range(14):
                beat = [((i + part * 14) * 3 + 7 * s) % 17 - 8 for s in range(SAMPLES)]
                f.write(",".join(str(v) for v in beat) + ",%d\n" % ((i + part) % 3))
        paths.append(path)
    return paths


def _normalise(signal):
    scale = tf.get_variable("scale", shape=[], initializer=tf.constant_initializer(0.125))
    offset = tf.get_variable("offset", shape=[], initializer=tf.constant_initializer(0.5))
    return signal * scale + offset


normalise = tf.make_template("normalise", _normalise)


def read_beat(filename_queue):
    _, row = tf.TextLineReader().read(filename_queue)
    fields = tf.decode_csv(row, record_defaults=[[0.0]] * SAMPLES + [[0]])
    beat = tf.stack(fields[:SAMPLES])
    delta = tf.concat([[0.0], beat[1:] - beat[:-1]], axis=0)
    return normalise(beat), normalise(delta), fields[SAMPLES]


def inputs(paths, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    beat, delta, label = read_beat(filename_queue)
    return tf.train.batch([beat, delta, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    paths = write_beats(os.path.join(data_dir, "h17_ecg_make_template_normalise"))
    beats, deltas, labels = inputs(paths, batch_size=5)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b, d, l = sess.run([beats, deltas, labels])
                batches.append([b.tolist(), d.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

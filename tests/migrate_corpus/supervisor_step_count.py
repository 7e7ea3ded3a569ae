"""A Supervisor loop that counts steps over an endless CSV pipeline (num_epochs=None)."""

import tensorflow as tf

v1 = tf.compat.v1


def csv_inputs(files, batch_size):
    queue = v1.train.string_input_producer(files, shuffle=False)
    reader = v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(queue)
    a, b, label = tf.io.decode_csv(value, record_defaults=[[0], [0.0], [0]])
    features = tf.stack([tf.cast(a, tf.float32), b])
    return v1.train.batch([features, label], batch_size=batch_size, capacity=64)


def main(data_dir):
    files = sorted(v1.gfile.Glob(data_dir + "/table-*.csv"))
    features, labels = csv_inputs(files, 40)
    out = []
    sv = v1.train.Supervisor(logdir=None)
    with sv.managed_session() as sess:
        for step in range(6):
            if sv.should_stop():
                break
            f, l = sess.run([features, labels])
            out.append([f.tolist(), l.tolist()])
        sv.request_stop()
    return {"batches": out, "end": "steps"}

"""Bike-sharing hourly counts: the session is only made the default (`with sess.as_default():`), the initializer is
`.run()`, the runners start with no session argument and every batch is fetched by `Tensor.eval()`."""

import os

import tensorflow.compat.v1 as tf

COLUMNS = ["instant", "hr", "temp", "casual", "registered"]
DEFAULTS = [[0], [0], [0.0], [0], [0]]


def write_hours(data_dir):
    out_dir = os.path.join(data_dir, "h19_bikeshare_default_session_eval")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "hour.csv")
    with open(path, "w") as f:
        f.write(",".join(COLUMNS) + "\n")
        for i in range(30):
            f.write("%d,%d,%.2f,%d,%d\n" % (i + 1, i % 24, 0.2 + (i % 10) * 0.06, (i * 7) % 23, 10 + (i * 13) % 90))
    return path


def hourly_batches(path, batch_size):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    instant, hr, temp, casual, registered = tf.decode_csv(value, record_defaults=DEFAULTS)
    total = casual + registered
    hr_b, temp_b, total_b, instant_b = tf.train.batch([hr, temp, total, instant], batch_size,
                                                      allow_smaller_final_batch=True)
    table = tf.stack([tf.cast(hr_b, tf.float32), temp_b, tf.cast(total_b, tf.float32)], axis=1)
    return table, instant_b


def main(data_dir):
    table, _ = hourly_batches(write_hours(data_dir), batch_size=8)

    batches = []
    sess = tf.Session()
    with sess.as_default():
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                rows = table.eval()
                batches.append([[[round(v, 3) for v in row] for row in rows.tolist()]])
        except tf.errors.OutOfRangeError as e:
            coord.request_stop(e)
        finally:
            coord.request_stop()
            coord.join(threads)
    sess.close()
    return {"batches": batches, "end": sum(len(b[0]) for b in batches)}

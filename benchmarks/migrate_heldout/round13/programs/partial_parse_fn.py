"""A generic batch helper with default arguments takes the per-line parse function as a parameter; the caller
binds the parser's options with functools.partial (`from tensorflow.compat import v1 as tf1` import style)."""

import functools
import os

from tensorflow.compat import v1 as tf1


def parse_line(line, defaults, label_index):
    columns = tf1.io.decode_csv(line, record_defaults=defaults)
    label = columns.pop(label_index)
    features = tf1.stack([tf1.cast(c, tf1.float32) for c in columns])
    return features, label


def make_batch(pattern_files, parse_fn, batch_size=8, num_epochs=1, skip_header_lines=1):
    filename_queue = tf1.train.string_input_producer(pattern_files, num_epochs=num_epochs, shuffle=False)
    reader = tf1.TextLineReader(skip_header_lines=skip_header_lines)
    _, line = reader.read(filename_queue)
    features, label = parse_fn(line)
    return tf1.train.batch([features, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    parse_fn = functools.partial(parse_line, defaults=[[0], [0.0], [0]], label_index=2)
    features, labels = make_batch(files, parse_fn, batch_size=11)
    batches = []
    end = None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                features_v, labels_v = sess.run([features, labels])
                batches.append([features_v.tolist(), labels_v.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

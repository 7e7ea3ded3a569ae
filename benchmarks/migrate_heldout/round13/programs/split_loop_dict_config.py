"""Train and eval pipelines built in a loop over the splits, each under its own variable_scope, from a dict
config per split; the results are kept in a dict keyed by split, and each split is read to its end."""

import os

import tensorflow.compat.v1 as tf

CONFIG = {
    "train": {"files": ["table-0.csv", "table-1.csv"], "batch_size": 16},
    "eval": {"files": ["table-2.csv"], "batch_size": 20},
}
RECORD_DEFAULTS = [[0], [0.0], [0]]


def build_input(data_dir, files, batch_size, num_epochs=1):
    paths = [os.path.join(data_dir, name) for name in files]
    queue = tf.train.string_input_producer(paths, num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=RECORD_DEFAULTS)
    features = tf.stack([tf.cast(a, tf.float32), b])
    return tf.train.batch([features, label], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    inputs = {}
    for split in ("train", "eval"):
        with tf.variable_scope(split):
            inputs[split] = build_input(data_dir, **CONFIG[split])

    batches = []
    ends = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for split in ("train", "eval"):
            features, labels = inputs[split]
            try:
                while True:
                    features_v, labels_v = sess.run([features, labels])
                    batches.append([features_v.tolist(), labels_v.tolist()])
            except tf.errors.OutOfRangeError:
                ends.append(split)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": ",".join(ends)}

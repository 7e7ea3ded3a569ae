"""CTR lines in libsvm form ("label id:val id:val id:val") read by a TextLineReader, split by string_split twice."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

FIELD_SIZE = 3
BATCH_SIZE = 4


def _write_data(data_dir):
    root = os.path.join(data_dir, "h30_ctr_libsvm")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(301)
    path = os.path.join(root, "tr.libsvm")
    with open(path, "w") as f:
        for i in range(12):
            ids = sorted(rng.choice(40, FIELD_SIZE, replace=False))
            vals = rng.rand(FIELD_SIZE)
            f.write("%d %s\n" % (i % 2, " ".join("%d:%.4f" % (a, b) for a, b in zip(ids, vals))))
    return [path]


def decode_libsvm(line):
    columns = tf.string_split([line], ' ')
    labels = tf.string_to_number(columns.values[0], out_type=tf.float32)
    splits = tf.string_split(columns.values[1:], ':')
    id_vals = tf.reshape(splits.values, splits.dense_shape)
    feat_ids, feat_vals = tf.split(id_vals, num_or_size_splits=2, axis=1)
    feat_ids = tf.reshape(tf.string_to_number(feat_ids, out_type=tf.int32), [FIELD_SIZE])
    feat_vals = tf.reshape(tf.string_to_number(feat_vals, out_type=tf.float32), [FIELD_SIZE])
    return feat_ids, feat_vals, labels


def input_fn(filenames, batch_size=32, num_epochs=1):
    print('Parsing', filenames)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    feat_ids, feat_vals, labels = decode_libsvm(line)
    batch_ids, batch_vals, batch_labels = tf.train.batch([feat_ids, feat_vals, labels], batch_size=batch_size,
                                                         capacity=64, num_threads=1)
    return {"feat_ids": batch_ids, "feat_vals": batch_vals}, batch_labels


def main(data_dir):
    files = _write_data(data_dir)
    features, labels = input_fn(files, BATCH_SIZE)
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = None
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                out.append({"feat_ids": f["feat_ids"].tolist(),
                            "feat_vals": np.round(f["feat_vals"], 4).tolist(),
                            "label": l.tolist()})
        except tf.errors.OutOfRangeError:
            end = "parsed all lines"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}

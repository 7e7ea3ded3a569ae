"""Super-resolution (srez) input: the input function takes the session and starts the runners itself;
train and test inputs are two pipelines over a split of the sorted file list, read for fixed step counts."""
import os
import struct
import zlib

import tensorflow as tf

from srez_lib import srez_input

FLAGS = srez_input.FLAGS


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def prepare_dirs(dataset):
    os.makedirs(dataset, exist_ok=True)
    for n in range(9):
        with open(os.path.join(dataset, "%06d.png" % (n + 1)), "wb") as f:
            f.write(_png([[(n * 25 + r * 9 + c * 5) % 256 for c in range(8)] for r in range(8)]))
    filenames = tf.io.gfile.listdir(dataset)
    filenames = sorted(filenames)
    return [os.path.join(dataset, f) for f in filenames]


def _summ(x):
    return [round(float(v.sum()), 4) for v in x]


def main(data_dir):
    all_filenames = prepare_dirs(os.path.join(data_dir, "h24_faces_srez_sess_inputs_resize_area"))
    sess = tf.compat.v1.Session()
    # Separate training and test sets
    train_filenames = all_filenames[FLAGS.test_vectors:]
    test_filenames = all_filenames[:FLAGS.test_vectors]

    # Setup async input queues
    train_features, train_labels = srez_input.setup_inputs(sess, train_filenames)
    test_features, test_labels = srez_input.setup_inputs(sess, test_filenames)

    batches = []
    test_feature, test_label = sess.run([test_features, test_labels])
    batches.append({"split": ["test"] * len(test_feature), "feature": _summ(test_feature),
                    "label": _summ(test_label), "feature_shape": [list(test_feature.shape[1:])] * 2})
    for batch in range(4):
        feature, label = sess.run([train_features, train_labels])
        batches.append({"split": ["train"] * len(feature), "feature": _summ(feature), "label": _summ(label),
                        "feature_shape": [list(feature.shape[1:])] * 2})
    test_feature, test_label = sess.run([test_features, test_labels])
    batches.append({"split": ["test"] * len(test_feature), "feature": _summ(test_feature),
                    "label": _summ(test_label), "feature_shape": [list(test_feature.shape[1:])] * 2})
    sess.close()
    return {"batches": batches, "end": "steps"}

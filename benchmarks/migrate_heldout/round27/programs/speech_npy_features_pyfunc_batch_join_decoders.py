"""Speech features (.npy MFCC frames) loaded by py_func in per-thread decoders, batch_join over them."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
N_FRAMES, N_MFCC = 3, 2


class HParams(object):
    batch_size = 4
    num_decoders = 2
    num_epochs = 1


def write_features(root, n=8):
    os.makedirs(root, exist_ok=True)
    files = []
    for i in range(n):
        path = os.path.join(root, "utt%03d.npy" % i)
        np.save(path, (np.arange(N_FRAMES * N_MFCC, dtype=np.float32).reshape(N_FRAMES, N_MFCC) + 10 * i))
        files.append(path)
    with open(os.path.join(root, "labels.txt"), "w") as f:
        for i, p in enumerate(files):
            f.write("%s %d\n" % (os.path.basename(p), i % 4))
    return files


def _load_features(path):
    feats = np.load(path.decode())
    return feats.astype(np.float32), np.int32(feats.shape[0])


def decoder(filename_queue, labels_by_name):
    path = filename_queue.dequeue()
    feats, n = tf1.py_func(_load_features, [path], [tf.float32, tf.int32], stateful=False)
    feats.set_shape([N_FRAMES, N_MFCC])
    n.set_shape([])
    name = tf.strings.regex_replace(path, r".*/", "")
    label = labels_by_name.lookup(name)
    return [feats, n, label, name]


def main(data_dir):
    root = os.path.join(data_dir, "h27_speech_npy_features_pyfunc_batch_join_decoders")
    files = write_features(root)
    names, labels = zip(*[l.split() for l in open(os.path.join(root, "labels.txt"))])
    table = tf1.lookup.StaticHashTable(
        tf1.lookup.KeyValueTensorInitializer(list(names), [int(x) for x in labels], tf.string, tf.int64), -1)
    hp = HParams()
    filename_queue = tf1.train.string_input_producer(files, num_epochs=hp.num_epochs, shuffle=True, seed=11)
    decoders = [decoder(filename_queue, table) for _ in range(hp.num_decoders)]
    feats, n, label, name = tf1.train.batch_join(decoders, batch_size=hp.batch_size, capacity=8)
    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.local_variables_initializer(), tf1.tables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(100):
                f, nn, l, nm = sess.run([feats, n, label, name])
                batches.append([f[:, 0, 0].tolist(), nn.tolist(), l.tolist(), [x.decode() for x in nm]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "out of range"}

"""Heart-disease CSV: a batch_generator(filenames) script, famhist 'Present' turned into 1.0, features and label."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

BATCH_SIZE = 3
N_FEATURES = 5


def write_heart(path):
    rs = np.random.RandomState(9)
    with open(path, "w") as f:
        f.write("sbp,tobacco,ldl,famhist,age,chd\n")
        for _ in range(8):
            f.write("%d,%.2f,%.2f,%s,%d,%d\n" % (rs.randint(100, 200), rs.rand() * 10, rs.rand() * 8,
                                                 "Present" if rs.rand() > 0.5 else "Absent",
                                                 rs.randint(20, 70), rs.randint(0, 2)))


def batch_generator(filenames):
    """filenames is the list of files you want to read from."""
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    record_defaults = [[1.0] for _ in range(N_FEATURES)]
    record_defaults[3] = ['']
    record_defaults.append([1])
    content = tf.decode_csv(value, record_defaults=record_defaults)
    # famhist is a string: Present -> 1.0, Absent -> 0.0
    content[3] = tf.cond(tf.equal(content[3], tf.constant('Present')),
                         lambda: tf.constant(1.0), lambda: tf.constant(0.0))
    features = tf.stack(content[:N_FEATURES])
    label = content[-1]
    data_batch, label_batch = train.batch([features, label], batch_size=BATCH_SIZE,
                                          capacity=10 * BATCH_SIZE, allow_smaller_final_batch=True)
    return data_batch, label_batch


def generate_batches(data_batch, label_batch):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(coord=coord)
        try:
            while True:
                features, labels = sess.run([data_batch, label_batch])
                out.append([np.round(features.astype(np.float64), 2).tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    out = os.path.join(data_dir, "h36_heart")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "heart.csv")
    write_heart(path)
    data_batch, label_batch = batch_generator([path])
    batches = generate_batches(data_batch, label_batch)
    return {"batches": batches, "end": "patients: %d" % sum(len(b[1]) for b in batches)}

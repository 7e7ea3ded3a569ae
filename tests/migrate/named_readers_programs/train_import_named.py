"""`from tensorflow.compat.v1 import train`: each turn makes its reader in a statement of its own, named by the
turn through `str(i)`, and reads CSV lines; `shuffle_batch_join` over two epochs, no short batch (300 lines
in batches of 20); MonitoredSession loop."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def rows(files, batch_size, readers=2):
    queue = train.string_input_producer(files, num_epochs=2, shuffle=True, seed=11)
    lists = []
    for i in range(readers):
        reader = tf.TextLineReader(skip_header_lines=1, name="csv_reader_" + str(i))
        _, line = reader.read(queue)
        a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
        lists.append([tf.stack([a, b]), label])
    return train.shuffle_batch_join(lists, batch_size, capacity=100, min_after_dequeue=20, seed=5)


def main(data_dir):
    features, labels = rows(sorted(tf.gfile.Glob(data_dir + "/table-*.csv")), 20)
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            f, lab = sess.run([features, labels])
            batches.append([f.tolist(), lab.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}

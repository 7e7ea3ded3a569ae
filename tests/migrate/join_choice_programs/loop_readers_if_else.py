"""`from tensorflow.compat.v1 import train`: a list filled by a loop of readers named by the turn, then an
`if`/`else` assigning the batch from `train.shuffle_batch_join` or `train.batch_join` of it; run for
evaluation (several readers: a multiset), no short batch (150 lines in batches of 15)."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def csv_batches(files, batch_size, shuffle, readers=2):
    queue = train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
    examples = []
    for i in range(readers):
        reader = tf.TextLineReader(skip_header_lines=1, name="lines_%d" % i)
        _, line = reader.read(queue)
        a, b, row_label = tf.decode_csv(line, [[0.0], [0.0], [0]])
        examples.append([a * b, row_label])
    if shuffle:
        total, label = train.shuffle_batch_join(examples, batch_size, capacity=60, min_after_dequeue=15)
    else:
        total, label = train.batch_join(examples, batch_size, capacity=60)
    return total, label


def main(data_dir):
    total, label = csv_batches(sorted(tf.gfile.Glob(data_dir + "/table-*.csv")), 15, shuffle=False)
    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            t, lab = sess.run([total, label])
            batches.append([t.tolist(), lab.tolist()])
    return {"batches": batches, "end": "OutOfRangeError"}

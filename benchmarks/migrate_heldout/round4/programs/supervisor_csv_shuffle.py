"""Reading-data how-to with a Supervisor: TextLineReader(skip_header_lines) + decode_csv with a record_defaults
list, `tf.stack` of the feature columns, `shuffle_batch` with the `min_after_dequeue + 3 * batch_size` capacity,
`sv.managed_session()` and `while not sv.should_stop()`. Imports: `import tensorflow as tf` and
`from tensorflow.compat.v1 import train`."""

import os

import tensorflow as tf
from tensorflow.compat.v1 import train

BATCH_SIZE = 16
NUM_EPOCHS = 1


def read_my_file_format(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, record_string = reader.read(filename_queue)
    record_defaults = [[0], [0.0], [0]]
    col_a, col_b, col_label = tf.io.decode_csv(record_string, record_defaults=record_defaults)
    example = tf.stack([tf.cast(col_a, tf.float32), col_b])
    return example, col_label


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True)
    example, label = read_my_file_format(filename_queue)
    min_after_dequeue = 20
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = train.shuffle_batch(
        [example, label], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, allow_smaller_final_batch=True)
    return example_batch, label_batch


def main(data_dir):
    filenames = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    examples, labels = input_pipeline(filenames, BATCH_SIZE, NUM_EPOCHS)
    init_op = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())
    sv = train.Supervisor(logdir=None, init_op=init_op, summary_op=None, saver=None)
    batches = []
    end = None
    with sv.managed_session() as sess:
        try:
            while not sv.should_stop():
                ex, lab = sess.run([examples, labels])
                batches.append([ex.tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {"batches": batches, "end": end}

"""Two ChamberReader objects (train and test files) made and read at once (``Cls(...).batch()``) through the
package's module (``import fixa3_lib.chamber as chamber``), each its own batch; ``from tensorflow.compat.v1
import train`` style."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

import fixa3_lib.chamber as chamber

LAYOUT = {"a": ["x", "y", "z"], "b": ["w"]}


def main(data_dir):
    train_files = chamber.write_csv(os.path.join(data_dir, "fixa3_two"), "train", 2, 4, 4)
    test_files = chamber.write_csv(os.path.join(data_dir, "fixa3_two"), "test", 1, 8, 4)
    train_queue = train.string_input_producer(train_files, num_epochs=1, shuffle=False)
    test_queue = train.string_input_producer(test_files, num_epochs=1, shuffle=False)
    train_parts = chamber.ChamberReader(train_queue, LAYOUT, block=2).batch()
    test_parts = chamber.ChamberReader(test_queue, LAYOUT, block=4).batch()
    train_batch = train.batch([train_parts["a"], train_parts["b"]], batch_size=2, enqueue_many=True)
    test_batch = train.batch([test_parts["a"], test_parts["b"]], batch_size=4, enqueue_many=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([v.tolist() for v in sess.run(train_batch)])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                batches.append([v.tolist() for v in sess.run(test_batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}

"""A reader helper of another module (``hb_lib.csv_rows.parse_line``) fills a FIFOQueue run by one enqueue op;
``dequeue_up_to`` keeps the short tail; names from ``from tensorflow.compat.v1 import train``."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from hb_lib import csv_rows


def rows(files, batch_size):
    producer = train.string_input_producer(files, num_epochs=1, shuffle=False)
    features, label = csv_rows.parse_line(producer, scale=0.5)
    fifo = tf.FIFOQueue(64, [tf.float32, tf.int32], shapes=[[2], []])
    train.add_queue_runner(train.QueueRunner(fifo, [fifo.enqueue([features, label])]))
    batch_features, batch_labels = fifo.dequeue_up_to(batch_size)
    return batch_features, batch_labels


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    features, labels = rows(files, 7)  # 150 rows: 21 batches of 7 and a tail of 3
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

"""The builder in the program's own module: each message's words enqueue_many'd into a FIFOQueue, returned and
read by its one caller with `dequeue_many(3)` (24 words: eight batches, in the file's order)."""
import os

import tensorflow.compat.v1 as tf

from r34s_lib import corpus


def words_queue(files):
    file_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(file_queue)
    label, text = tf.decode_csv(line, record_defaults=[["ham"], [""]], field_delim="\t")
    words = tf.string_split([text], delimiter=" ").values
    queue = tf.FIFOQueue(capacity=50, dtypes=[tf.string, tf.string], shapes=[[], []])
    enqueue_op = queue.enqueue_many([words, tf.fill(tf.shape(words), label)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    return queue


def main(data_dir):
    path = corpus.write_messages(os.path.join(data_dir, "r34s_same_words"))
    queue = words_queue([path])
    words, labels = queue.dequeue_many(3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = corpus.drain(sess, [words, labels])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%d batches" % len(batches)}

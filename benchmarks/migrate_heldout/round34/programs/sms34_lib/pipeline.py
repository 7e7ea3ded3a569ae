"""Words of each message pushed with enqueue_many into a hand-built RandomShuffleQueue run by a QueueRunner."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def message_words(filename_queue):
    _, line = tf.TextLineReader().read(filename_queue)
    label, text = tf.decode_csv(line, record_defaults=[["ham"], [""]], field_delim="\t")
    words = tf.string_split([text], delimiter=" ").values
    is_spam = tf.cast(tf.equal(label, "spam"), tf.int32)
    return words, tf.fill(tf.shape(words), is_spam)


def word_queue(filenames, capacity=32, min_after_dequeue=4, seed=34):
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    words, labels = message_words(filename_queue)
    queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                  dtypes=[tf.string, tf.int32], shapes=[[], []], seed=seed)
    enqueue_op = queue.enqueue_many([words, labels])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op]))
    return queue

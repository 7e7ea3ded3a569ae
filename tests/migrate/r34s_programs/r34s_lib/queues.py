"""Queue builders the programs call from another module: each fills a hand-built queue through a QueueRunner
and returns the queue; `from tensorflow.compat.v1 import train` style, as the caller need not import it."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def message_words(filename_queue):
    _, line = tf.TextLineReader().read(filename_queue)
    label, text = tf.decode_csv(line, record_defaults=[["ham"], [""]], field_delim="\t")
    words = tf.string_split([text], delimiter=" ").values
    is_spam = tf.cast(tf.equal(label, "spam"), tf.int32)
    return words, tf.fill(tf.shape(words), is_spam)


def shuffled_words(filenames, capacity=40, min_after_dequeue=6, seed=7):
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    words, labels = message_words(filename_queue)
    queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                  dtypes=[tf.string, tf.int32], shapes=[[], []], seed=seed)
    enqueue_op = queue.enqueue_many([words, labels])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op]))
    return queue


def ordered_words(filenames):
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    words, labels = message_words(filename_queue)
    queue = tf.FIFOQueue(64, [tf.string, tf.int32], shapes=[[], []])
    train.add_queue_runner(train.QueueRunner(queue, [queue.enqueue_many([words, labels])]))
    return queue


def row_values(filenames, capacity=32):
    """Each `id,a,b,c` row's three values, enqueue_many'd with the row's id beside each."""
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    ident, a, b, c = tf.decode_csv(line, [[0], [0], [0], [0]])
    values = tf.stack([a, b, c])
    queue = tf.FIFOQueue(capacity, [tf.int32, tf.int32], shapes=[[], []])
    enqueue_op = queue.enqueue_many([values, tf.fill([3], ident)])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue_op]))
    return queue


def word_lengths(filenames):
    """Each message's words with their lengths, for a caller that dequeues one word at a time."""
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    _, text = tf.decode_csv(line, record_defaults=[["ham"], [""]], field_delim="\t")
    words = tf.string_split([text], delimiter=" ").values
    queue = tf.RandomShuffleQueue(50, 5, [tf.string, tf.int32], shapes=[[], []], seed=11)
    enqueue_op = queue.enqueue_many([words, tf.strings.length(words)])
    train.add_queue_runner(train.QueueRunner(queue, [enqueue_op]))
    return queue

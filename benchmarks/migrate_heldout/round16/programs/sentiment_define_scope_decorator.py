"""Sentiment classification on tab-separated reviews, structured with the `define_scope` decorator of the
"structuring your TensorFlow models" pattern: each pipeline stage is a cached property built once under a
variable scope named after it."""

import functools
import os

import tensorflow.compat.v1 as tf

REVIEWS = [
    (1, "a fine and moving film"), (0, "dull"), (1, "great cast great score"), (0, "too long and too loud"),
    (1, "loved it"), (0, "the plot makes no sense at all"), (1, "funny"), (0, "flat characters"),
    (1, "a small gem"), (0, "i walked out"), (1, "see it twice"),
]


def define_scope(function):
    attribute = "_cache_" + function.__name__

    @property
    @functools.wraps(function)
    def decorator(self):
        if not hasattr(self, attribute):
            with tf.variable_scope(function.__name__):
                setattr(self, attribute, function(self))
        return getattr(self, attribute)

    return decorator


class ReviewData(object):

    def __init__(self, path, batch_size, num_epochs):
        self.path = path
        self.batch_size = batch_size
        self.num_epochs = num_epochs
        self.filename_queue
        self.example
        self.batch

    @define_scope
    def filename_queue(self):
        return tf.train.string_input_producer([self.path], num_epochs=self.num_epochs, shuffle=False)

    @define_scope
    def example(self):
        reader = tf.TextLineReader()
        _, line = reader.read(self.filename_queue)
        label, text = tf.decode_csv(line, record_defaults=[[0], [""]], field_delim="\t")
        words = tf.string_split([text]).values
        return label, tf.size(words), tf.strings.length(text), words[0]

    @define_scope
    def batch(self):
        return tf.train.batch(list(self.example), batch_size=self.batch_size, allow_smaller_final_batch=True)


def write_reviews(data_dir):
    out_dir = os.path.join(data_dir, "h16_sentiment_define_scope_decorator")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "reviews.tsv")
    with open(path, "w") as f:
        for label, text in REVIEWS:
            f.write("%d\t%s\n" % (label, text))
    return path


def main(data_dir):
    data = ReviewData(write_reviews(data_dir), batch_size=3, num_epochs=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                labels, lengths, chars, first = sess.run(data.batch)
                batches.append([labels.tolist(), lengths.tolist(), chars.tolist(), [w.decode() for w in first]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "out of range"}

"""A recommendation CSV reader's shape: a config object with properties decides sizes; an input class opens the
filename queue in one method, reads a Rating record per reader in another, and joins the readers with
shuffle_batch_join in a third; the trainer loops until the epochs end."""

import collections
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

Rating = collections.namedtuple('Rating', ['user', 'item', 'rating'])


class InputConfig(object):

    def __init__(self, batch_size=20, num_readers=3, num_epochs=1, min_after_dequeue=30):
        self.batch_size = batch_size
        self.num_readers = num_readers
        self.num_epochs = num_epochs
        self.min_after_dequeue = min_after_dequeue

    @property
    def capacity(self):
        return self.min_after_dequeue + 3 * self.batch_size


class MovieLensInput(object):

    def __init__(self, config, data_dir):
        self.config = config
        self.files = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(3)]
        self._filename_queue = None

    def filename_queue(self):
        if self._filename_queue is None:
            self._filename_queue = train.string_input_producer(
                self.files, num_epochs=self.config.num_epochs, shuffle=True, name='ratings_files')
        return self._filename_queue

    def read_rating(self, reader_id):
        reader = tf.TextLineReader(skip_header_lines=1, name='ratings_reader_%d' % reader_id)
        _, line = reader.read(self.filename_queue())
        user, item, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return Rating(user=user, item=tf.cast(item * 2.0, tf.int32), rating=label + 1)

    def batch(self):
        ratings = [list(self.read_rating(i)) for i in range(self.config.num_readers)]
        users, items, scores = train.shuffle_batch_join(
            ratings, batch_size=self.config.batch_size, capacity=self.config.capacity,
            min_after_dequeue=self.config.min_after_dequeue, allow_smaller_final_batch=True)
        return Rating(users, items, scores)


def main(data_dir):
    config = InputConfig()
    batch = MovieLensInput(config, data_dir).batch()

    batches = []
    end = None
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            r = sess.run(batch)
            batches.append([r.user.tolist(), r.item.tolist(), r.rating.tolist()])
    except tf.errors.OutOfRangeError as e:
        end = type(e).__name__
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}

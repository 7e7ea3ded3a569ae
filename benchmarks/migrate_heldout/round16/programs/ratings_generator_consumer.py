"""Recommender input on MovieLens-style `user::item::rating::timestamp` lines, split on the double colon in the
graph; the training loop consumes batches from a Python generator that owns the session and the runners."""

import os

import tensorflow.compat.v1 as tf


def write_ratings(data_dir):
    out_dir = os.path.join(data_dir, "h16_ratings_generator_consumer")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "ratings.dat")
    with open(path, "w") as f:
        for i in range(25):
            f.write("%d::%d::%d::%d\n" % (1 + i % 7, 100 + (i * 13) % 31, 1 + (i * 3) % 5, 978300760 + i))
    return path


def rating_batch(path, batch_size=6):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    fields = tf.string_split([line], delimiter=":", skip_empty=True).values
    numbers = tf.string_to_number(fields, out_type=tf.int32)
    user, item = numbers[0], numbers[1]
    rating = tf.cast(numbers[2], tf.float32) / 5.0
    return tf.train.batch([user, item, rating], batch_size=batch_size, allow_smaller_final_batch=True)


def iterate_batches(fetches):
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                yield sess.run(fetches)
        except tf.errors.OutOfRangeError:
            return
        finally:
            coord.request_stop()
            coord.join(threads)


def main(data_dir):
    users, items, ratings = rating_batch(write_ratings(data_dir))
    batches = []
    for u, i, r in iterate_batches([users, items, ratings]):
        batches.append([u.tolist(), i.tolist(), r.tolist()])
    return {"batches": batches, "end": "generator finished"}

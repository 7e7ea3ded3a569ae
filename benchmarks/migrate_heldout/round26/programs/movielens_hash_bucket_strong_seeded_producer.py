"""MovieLens-style ratings for a wide model: two rating files, a seeded shuffling file producer (two epochs),
user and movie ids hashed into buckets with a keyed strong hash, genres hashed fast, seeded shuffle_batch."""
import argparse
import os

import tensorflow as tf
from tensorflow.compat.v1 import train as tft

v1 = tf.compat.v1

parser = argparse.ArgumentParser()
parser.add_argument("--batch_size", type=int, default=4)
parser.add_argument("--num_epochs", type=int, default=2)
parser.add_argument("--user_buckets", type=int, default=50)
parser.add_argument("--movie_buckets", type=int, default=30)
parser.add_argument("--seed", type=int, default=7)

GENRES = ["Drama", "Comedy", "Action", "Horror"]


def write_ratings(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for part in range(2):
        path = os.path.join(root, "ratings-%d.csv" % part)
        with open(path, "w") as f:
            f.write("userId,movieId,rating,genre\n")
            for i in range(6):
                k = part * 6 + i
                f.write("u%d,m%d,%.1f,%s\n" % (k % 5, 100 + k, 1.0 + (k % 9) / 2.0, GENRES[k % 4]))
        paths.append(path)
    return paths


def input_fn(filenames, flags):
    filename_queue = tft.string_input_producer(filenames, num_epochs=flags.num_epochs, shuffle=True,
                                               seed=flags.seed, capacity=8)
    reader = v1.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    user, movie, rating, genre = v1.decode_csv(value, record_defaults=[[""], [""], [0.0], [""]])
    features = {
        "user_bucket": tf.strings.to_hash_bucket_strong(user, flags.user_buckets, key=[3, 11]),
        "movie_bucket": tf.strings.to_hash_bucket_strong(movie, flags.movie_buckets, key=[5, 13]),
        "genre_bucket": tf.strings.to_hash_bucket_fast(genre, 8),
        "movie": movie,
    }
    features["rating"] = rating
    return tft.shuffle_batch(features, batch_size=flags.batch_size, capacity=32, min_after_dequeue=4,
                             seed=flags.seed, num_threads=1)


def main(data_dir):
    flags = parser.parse_args([])
    paths = write_ratings(os.path.join(data_dir, "h26_movielens_hash_bucket_strong_seeded_producer"))
    batch = input_fn(paths, flags)
    batches = []
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
        coord = tft.Coordinator()
        threads = tft.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({"user_bucket": b["user_bucket"].tolist(),
                                "movie_bucket": b["movie_bucket"].tolist(),
                                "genre_bucket": b["genre_bucket"].tolist(),
                                "movie": [m.decode() for m in b["movie"]],
                                "rating": [round(float(r), 2) for r in b["rating"]]})
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "epochs_done"}

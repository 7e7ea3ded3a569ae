"""Movie genre from posters (Kaggle 2017 'MovieGenre.csv'): tiny posters and their pipe-joined genre
strings written to TFRecords; the reader splits the genre string on '|' and turns it into a
multi-hot vector against the genre list in the graph, then two threads shuffle-batch the posters."""
from __future__ import print_function

import os

import numpy as np
from tensorflow.compat import v1 as tf1
import tensorflow as tf

GENRES = ['Action', 'Adventure', 'Animation', 'Comedy', 'Crime', 'Drama', 'Horror', 'Romance']
IMG_H, IMG_W = 4, 3


def _bytes_feature(value):
    return tf1.train.Feature(bytes_list=tf1.train.BytesList(value=[value]))


def _int64_feature(value):
    return tf1.train.Feature(int64_list=tf1.train.Int64List(value=[value]))


def convert_to_tfrecord(out_path, start, n, rng):
    writer = tf1.python_io.TFRecordWriter(out_path)
    for i in range(n):
        poster = rng.randint(0, 256, size=(IMG_H, IMG_W, 3)).astype(np.uint8)
        genres = '|'.join(sorted(rng.choice(GENRES, rng.randint(1, 4), replace=False)))
        example = tf1.train.Example(features=tf1.train.Features(feature={
            'imdbId': _int64_feature(114709 + 1000 * (start + i)),
            'Genre': _bytes_feature(genres.encode()),
            'poster_raw': _bytes_feature(poster.tobytes())}))
        writer.write(example.SerializeToString())
    writer.close()


def read_and_decode(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf1.parse_single_example(serialized_example, features={
        'imdbId': tf1.FixedLenFeature([], tf.int64),
        'Genre': tf1.FixedLenFeature([], tf.string),
        'poster_raw': tf1.FixedLenFeature([], tf.string)})
    poster = tf1.decode_raw(features['poster_raw'], tf.uint8)
    poster = tf.reshape(poster, [IMG_H, IMG_W, 3])
    poster = tf.cast(poster, tf.float32) * (1. / 255)
    names = tf1.string_split([features['Genre']], delimiter='|').values
    hits = tf.equal(tf.expand_dims(names, 1), tf.expand_dims(tf.constant(GENRES), 0))
    genre_vec = tf.cast(tf.reduce_any(hits, axis=0), tf.float32)
    return features['imdbId'], poster, genre_vec


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_movie_posters')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(9)
    files = []
    for part, (start, n) in enumerate([(0, 7), (7, 5)]):
        path = os.path.join(folder, 'posters-%d.tfrecords' % part)
        convert_to_tfrecord(path, start, n, rng)
        files.append(path)

    filename_queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=43)
    imdb_id, poster, genre_vec = read_and_decode(filename_queue)
    batch_size = 4
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    id_batch, poster_batch, genre_batch = tf1.train.shuffle_batch(
        [imdb_id, poster, genre_vec], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, num_threads=2, seed=43)
    mean_colour = tf.reduce_mean(poster_batch, axis=[1, 2])

    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                ids, colours, genres = sess.run([id_batch, mean_colour, genre_batch])
                batches.append([ids.tolist(), np.round(colours.astype(np.float64), 4).tolist(),
                                genres.astype(np.int64).tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('Done training -- epoch limit reached')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "steps: %d" % step}

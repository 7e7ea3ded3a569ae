"""TMDB 5000 movies (Kaggle 2017): the kernel reads tmdb_5000_movies.csv with the csv module (the
genres column is a JSON list inside quotes), builds log-budget / popularity / runtime features in
Python, slices them with `slice_input_producer` and fits log revenue on `tf.train.batch`es; the
queue runners are started without a coordinator and the loop ends on OutOfRangeError."""
import csv
import json
import os

import numpy as np
import tensorflow as tf

TITLES = ['Avatar', 'Spectre', 'Tangled', 'Skyfall', 'Inception', 'Up', 'Frozen', 'Gravity',
          'Interstellar', 'Brave', 'Rush']
GENRE_NAMES = ['Action', 'Adventure', 'Drama', 'Animation', 'Science Fiction']


def write_movies(path):
    rng = np.random.RandomState(5000)
    with open(path, 'w') as f:
        w = csv.writer(f)
        w.writerow(['budget', 'genres', 'id', 'popularity', 'revenue', 'runtime', 'title',
                    'vote_average'])
        for i, title in enumerate(TITLES):
            genres = [{"id": 12 + int(k), "name": GENRE_NAMES[k]}
                      for k in sorted(rng.choice(5, rng.randint(1, 3), replace=False))]
            budget = int(rng.randint(5, 250)) * 1000000
            w.writerow([budget, json.dumps(genres), 19995 + i, '%.4f' % rng.uniform(5, 150),
                        int(budget * rng.uniform(0.5, 6)), rng.randint(85, 170), title,
                        '%.1f' % rng.uniform(5, 8.5)])


def load_features(path):
    X, y, titles = [], [], []
    with open(path) as f:
        for row in csv.DictReader(f):
            genres = [g['name'] for g in json.loads(row['genres'])]
            X.append([np.log1p(float(row['budget'])), float(row['popularity']) / 100.0,
                      float(row['runtime']) / 100.0, float(len(genres)),
                      1.0 if 'Action' in genres else 0.0])
            y.append(np.log1p(float(row['revenue'])))
            titles.append(row['title'])
    return np.array(X, np.float32), np.array(y, np.float32), titles


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_tmdb_movies')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'tmdb_5000_movies.csv')
    write_movies(path)
    X, y, titles = load_features(path)

    feature, target, title = tf.compat.v1.train.slice_input_producer(
        [X, y, titles], num_epochs=1, shuffle=False)
    x_batch, y_batch, t_batch = tf.compat.v1.train.batch(
        [feature, target, title], batch_size=3, num_threads=1, allow_smaller_final_batch=True)

    W = tf.Variable(tf.zeros([5, 1]), name='weights')
    b = tf.Variable(0.0, name='bias')
    pred = tf.squeeze(tf.matmul(x_batch, W), [1]) + b
    loss = tf.reduce_mean(tf.square(pred - y_batch))
    train_op = tf.compat.v1.train.GradientDescentOptimizer(1e-4).minimize(loss)

    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    tf.compat.v1.train.start_queue_runners(sess=sess)
    batches = []
    try:
        while True:
            _, xb, yb, tb = sess.run([train_op, x_batch, y_batch, t_batch])
            batches.append([np.round(xb.astype(np.float64), 4).tolist(),
                            np.round(yb.astype(np.float64), 4).tolist(), [t.decode() for t in tb]])
    except tf.errors.OutOfRangeError:
        end = 'done, %d batches' % len(batches)
    sess.close()
    return {"batches": batches, "end": end}

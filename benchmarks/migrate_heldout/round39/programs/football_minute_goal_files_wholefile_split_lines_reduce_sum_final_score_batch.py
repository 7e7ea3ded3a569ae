# Let's play football: each jogoN.txt holds one match, one line per minute,
# two columns (goals of the first team, goals of the second team in that minute).
# The final score of a match is the column sum; the champion has most points.
import glob
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

MINUTES = 10
MATCHES = 8


def write_matches(folder):
    rng = np.random.RandomState(39)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    for n in range(1, MATCHES + 1):
        goals = (rng.uniform(size=(MINUTES, 2)) < 0.12).astype(int)
        with open(os.path.join(folder, 'jogo%d.txt' % n), 'w') as f:
            for a, b in goals:
                f.write('%d %d\n' % (a, b))


def match_score(filename_queue):
    reader = tf1.WholeFileReader()
    key, contents = reader.read(filename_queue)
    lines = tf1.string_split([tf.strings.strip(contents)], '\n').values
    team1, team2 = tf1.decode_csv(lines, record_defaults=[[0], [0]], field_delim=' ')
    score = tf.stack([tf.reduce_sum(team1), tf.reduce_sum(team2)])
    jogo = tf1.regex_replace(key, r'.*jogo(\d+)\.txt$', r'\1')
    jogo = tf1.string_to_number(jogo, out_type=tf.int32)
    return jogo, score


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_football_matches', 'data')
    write_matches(folder)
    files = sorted(glob.glob(os.path.join(folder, 'jogo*.txt')),
                   key=lambda p: int(os.path.basename(p)[4:-4]))

    filename_queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    jogo, score = match_score(filename_queue)
    jogos, scores = tf1.train.batch([jogo, score], batch_size=2)

    points = np.zeros(2, dtype=int)
    out = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                j, s = sess.run([jogos, scores])
                out.append([j.tolist(), s.tolist()])
                for a, b in s:
                    if a > b:
                        points[0] += 3
                    elif b > a:
                        points[1] += 3
                    else:
                        points += 1
        except tf.errors.OutOfRangeError:
            print('Done: %d matches' % sum(len(b[0]) for b in out))
        finally:
            coord.request_stop()
        coord.join(threads)
    champion = 'team 1' if points[0] > points[1] else ('team 2' if points[1] > points[0] else 'draw')
    return {"batches": out, "end": "champion: %s, points %d-%d" % (champion, points[0], points[1])}

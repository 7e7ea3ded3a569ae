import os

import numpy as np
import tensorflow.compat.v1 as tf

from pin65_lib.multithread_generator import AsyncRunner
from pin65_lib.score_generator import ScoreGenerator

BATCH_SIZE = 4


def write_games(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(65)
    path = os.path.join(folder, "games.csv")
    with open(path, "w") as f:
        f.write("game,ball1,ball2,ball3,saves\n")
        for g in range(12):
            b = rng.randint(1000, 90000, size=3)
            f.write("%d,%d,%d,%d,%d\n" % (100 + g, b[0], b[1], b[2], rng.randint(0, 3)))
    return path


def main(data_dir):
    path = write_games(os.path.join(data_dir, "h65_pinball_scores"))
    generator = ScoreGenerator(path)
    runner = AsyncRunner(generator, "pinball_input", seed=7)
    game_ids, balls, totals = runner.get_inputs(BATCH_SIZE)

    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = runner.create_threads(sess, coord)
    try:
        while True:
            g, b, t = sess.run([game_ids, balls, totals])
            batches.append([g.tolist(), np.round(b, 4).tolist(), t.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "games: %d, served: %d" % (sum(len(b[0]) for b in batches), generator.games_served)}

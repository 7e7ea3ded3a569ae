import csv
import os
import threading
import numpy as np

GAMES = ['catan', 'carcassonne', 'azul', 'codenames', 'ticket', 'dixit']


def write_plays(path):
    rng = np.random.RandomState(42)
    with open(path, 'w') as f:
        f.write('table,game,minutes,rating\n')
        for i in range(16):
            f.write('%d,%s,%d,%.1f\n' % (i % 5, GAMES[int(rng.randint(len(GAMES)))], 20 + int(rng.randint(90)),
                                        1 + 4 * rng.uniform()))


class CafePlays(object):
    def __init__(self, path):
        with open(path) as f:
            self.rows = list(csv.DictReader(f))
        self.pos = 0
        self.lock = threading.Lock()

    def get_next(self):
        with self.lock:
            if self.pos >= len(self.rows):
                return None
            row = self.rows[self.pos]
            self.pos += 1
        game = np.zeros([len(GAMES)], np.float32)
        game[GAMES.index(row['game'])] = 1
        return {'game': game,
                'context': np.array([float(row['table']), float(row['minutes']) / 60.0], np.float32),
                'rating': np.array(float(row['rating']), np.float32)}

"""Bison herd counts through a Cloud-ML census-style `trainer` package (`bison77.trainer.model` /
`task`, see their docstrings), driven as `python -m trainer.task --train-files ... --num-epochs 1` would be.
Written from knowledge of that company sample's layout; the CSV is three regional shards with a header each."""
import os

import numpy as np

from bison77.trainer import task

REGIONS = ['yellowstone', 'wood_buffalo', 'badlands']


def write_shards(folder):
    rng = np.random.RandomState(7712)
    files = []
    hid = 0
    for region in REGIONS:
        path = os.path.join(folder, 'herds_%s.csv' % region)
        with open(path, 'w') as f:
            f.write(','.join(['herd_id', 'region', 'calves', 'adults', 'grazing_km2', 'count']) + '\n')
            for _ in range(4):
                calves, adults = rng.randint(2, 30), rng.randint(10, 90)
                f.write('h%02d,%s,%d,%d,%.1f,%d\n' % (hid, region, calves, adults, rng.uniform(5, 60),
                                                      calves + adults))
                hid += 1
        files.append(path)
    return files


def main(data_dir):
    folder = os.path.join(data_dir, 'h77_bison')
    os.makedirs(folder, exist_ok=True)
    files = write_shards(folder)
    args = task.parse_args(['--train-files'] + files + ['--num-epochs', '1', '--train-batch-size', '4'])

    batches = []

    def on_batch(features, labels):
        batches.append([[x.decode() for x in features['herd_id'][:, 0]],
                        [x.decode() for x in features['region'][:, 0]],
                        features['calves'][:, 0].tolist(), features['adults'][:, 0].tolist(),
                        np.round(features['grazing_km2'][:, 0], 1).tolist(), labels[:, 0].tolist()])

    task.run(args, on_batch)
    return {'batches': batches, 'end': 'herds: %d' % sum(len(b[0]) for b in batches)}

import json
import os

import numpy as np


def write_snapshots(path, n=32):
    rng = np.random.RandomState(6309)
    mid = 4210.5
    with open(path, 'w') as f:
        for i in range(n):
            mid = round(mid + rng.normal(0, 1.5), 2)
            bids = [round(mid - 0.5 * (k + 1) - rng.uniform(0, 0.2), 2) for k in range(3)]
            asks = [round(mid + 0.5 * (k + 1) + rng.uniform(0, 0.2), 2) for k in range(3)]
            f.write(json.dumps({'seq': i, 'mid': mid, 'bids': bids, 'asks': asks}) + '\n')


def make_get_data(path):
    with open(path) as f:
        lines = [json.loads(l) for l in f]

    def get_data(thread_id, num_threads):
        for snap in lines[thread_id::num_threads]:
            yield (np.array(snap['bids'], np.float32) - snap['mid'], np.array(snap['asks'], np.float32) - snap['mid'],
                   np.float32(snap['mid']), snap['seq'])
    return get_data

"""Helicopter supply loads for the huts, as logged by the valley base (one JSON object per line)."""
import json

import numpy as np

HUTS = ['Lagginhorn', 'Mischabel', 'Weissmies', 'Almageller']


def write_loads(path, n=12):
    rng = np.random.RandomState(88)
    with open(path, 'w') as f:
        for k in range(n):
            f.write(json.dumps({'flight': 500 + k, 'hut': HUTS[k % 4],
                                'kg': [round(float(v), 1) for v in rng.uniform(20, 300, size=3)],
                                'gas_bottles': int(rng.randint(0, 4))}) + '\n')


def load_chunks(path, chunk_size):
    """Yields (flight ids, hut index, kg triples, gas) arrays of chunk_size rows (the last one shorter)."""
    rows = [json.loads(line) for line in open(path)]
    for start in range(0, len(rows), chunk_size):
        part = rows[start:start + chunk_size]
        yield (np.array([r['flight'] for r in part], dtype=np.int64),
               np.array([HUTS.index(r['hut']) for r in part], dtype=np.int32),
               np.array([r['kg'] for r in part], dtype=np.float32),
               np.array([r['gas_bottles'] for r in part], dtype=np.int32))

"""Shopping baskets as JSON lines, and a thread-safe get_data() over them."""
import json
import threading

import numpy as np

CATALOGUE = {1: 2.49, 2: 0.99, 3: 5.25, 4: 12.0, 5: 3.1, 6: 7.75, 7: 1.5, 8: 19.99}


def write_baskets(path, n=12, seed=5039):
    rng = np.random.RandomState(seed)
    with open(path, 'w') as f:
        for i in range(n):
            k = 1 + (i * 3) % 4
            items = rng.choice(sorted(CATALOGUE), size=k, replace=False).tolist()
            f.write(json.dumps({'basket_id': 900 + i, 'items': items,
                                'prices': [CATALOGUE[x] for x in items]}) + '\n')


def make_get_data(path, dtype=np.float32):
    lock = threading.Lock()
    lines = iter(open(path).read().splitlines())

    def get_data():
        with lock:
            line = next(lines, None)
        if line is None:
            return None
        b = json.loads(line)
        items = np.asarray(b['items'], np.int32)
        prices = np.asarray(b['prices'], dtype)
        return b['basket_id'], items, prices, dtype(prices.sum()), len(items)

    return get_data

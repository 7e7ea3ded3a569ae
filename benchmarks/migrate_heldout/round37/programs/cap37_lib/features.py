import numpy as np


def write_features(path, n=9, feat_dim=4, seq_len=5, seed=37):
    rng = np.random.RandomState(seed)
    np.savez(path, feats=rng.uniform(0, 1, (n, feat_dim)).astype(np.float32),
             captions=rng.randint(1, 30, (n, seq_len)).astype(np.int32),
             flags=(np.arange(n) % 2).astype(np.float32))


def iterate(path):
    data = np.load(path)
    def data_iterator():
        for i in range(len(data["feats"])):
            yield data["feats"][i], data["captions"][i], data["flags"][i]
    return data_iterator

"""Builds the (anchor, positive, negative) feature triplets kept in memory."""
import numpy as np

FEATURE_DIM = 3


def load_watch_features(num_videos=9):
    rng = np.random.RandomState(2019)
    return rng.uniform(-1.0, 1.0, size=(num_videos, FEATURE_DIM)).astype(np.float32)


def make_triplets(features, co_watch):
    """co_watch: list of (anchor, positive) index pairs; the negative is the next video not in the pair."""
    triplets = []
    n = len(features)
    for a, p in co_watch:
        neg = (p + 1) % n
        while neg in (a, p):
            neg = (neg + 1) % n
        triplets.append(np.stack([features[a], features[p], features[neg]]))
    return np.asarray(triplets, dtype=np.float32)

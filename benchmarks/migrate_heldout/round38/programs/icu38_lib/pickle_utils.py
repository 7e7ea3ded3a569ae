import gzip
import pickle


def dump(obj, path):
    with gzip.open(path, 'wb') as f:
        pickle.dump(obj, f)


def load(path):
    with gzip.open(path, 'rb') as f:
        return pickle.load(f)

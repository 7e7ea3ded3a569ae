from tensorflow import compat


def batch_pair(features, labels, batch_size):
    return compat.v1.train.batch([features, labels], batch_size, capacity=4 * batch_size)

from tensorflow.compat.v1 import train


def make_batch(features, labels, batch_size):
    features, labels = train.batch([features, labels], batch_size, capacity=2 * batch_size)
    return features, labels

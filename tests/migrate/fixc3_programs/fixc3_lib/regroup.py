"""Regroups batches into smaller ones with a batch of its own (no reader feeds it: migrate leaves it)."""
from tensorflow.compat.v1 import train


def regroup(tensors, size):
    return train.batch(tensors, batch_size=size, enqueue_many=True, capacity=4 * size)

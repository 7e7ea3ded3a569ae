"""Utilities for parsing leaf-wetness logger files (ptb_reader layout)."""
import os


def _read_codes(filename):
    with open(filename, 'r') as f:
        return [int(tok) for tok in f.read().replace('\n', ' ').split()]


def wetness_raw_data(data_path=None):
    """Load raw data from data directory "data_path".

    Returns:
        tuple (train_data, valid_data, test_data, vocabulary)
    """
    train_path = os.path.join(data_path, 'wetness.train.txt')
    valid_path = os.path.join(data_path, 'wetness.valid.txt')
    test_path = os.path.join(data_path, 'wetness.test.txt')
    train_data = _read_codes(train_path)
    valid_data = _read_codes(valid_path)
    test_data = _read_codes(test_path)
    vocabulary = 10
    return train_data, valid_data, test_data, vocabulary

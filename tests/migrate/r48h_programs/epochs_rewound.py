"""Reads ids and squares through r48h_lib.epochs.EpochFeeder (two epochs asked; the queue closes after one)."""
import numpy as np
from tensorflow.compat.v1 import Session, errors

from r48h_lib.epochs import EpochFeeder


def main(data_dir):
    feeder = EpochFeeder(list(range(1, 13)), 3, 2)
    batches, end = [], 'no end'
    with Session() as sess:
        feeder.start_in_session(sess)
        try:
            while True:
                i, s = sess.run([feeder.ids, feeder.squares])
                batches.append([i.tolist(), s.tolist()])
        except errors.OutOfRangeError:
            end = 'OutOfRangeError'
        feeder.join()
    return {'batches': batches, 'end': end}

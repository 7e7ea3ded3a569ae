from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os.path
import numpy as np

from .util import log

__PATH__ = './datasets/statue'

rs = np.random.RandomState(123)


class Dataset(object):

    def __init__(self, ids, n, name='default',
                 max_examples=None, is_train=True):
        self._ids = list(ids)
        self.name = name
        self.is_train = is_train
        self.n = n

        if max_examples is not None:
            self._ids = self._ids[:max_examples]

        filename = 'data_statue.npz'

        file = os.path.join(__PATH__, filename)
        log.info("Reading %s ...", file)

        self.data = dict(np.load(file))
        log.info("Reading Done: %s", file)

    def get_data(self, id):
        if isinstance(id, bytes):
            id = id.decode('utf-8')
        # preprocessing and data augmentation
        image = self.data[id + '/image'] / 255. * 2 - 1
        pose = self.data[id + '/pose']
        return image[:self.n], pose[:self.n]

    @property
    def ids(self):
        return self._ids

    def __len__(self):
        return len(self.ids)

    def __repr__(self):
        return 'Dataset (%s, %d examples)' % (
            self.name,
            len(self)
        )


def all_ids():
    id_filename = 'id_statue.txt'

    id_txt = os.path.join(__PATH__, id_filename)
    try:
        with open(id_txt, 'r') as fp:
            _ids = [s.strip() for s in fp.readlines() if s]
    except:
        raise IOError('Dataset not found. Please make sure the dataset was downloaded.')
    return _ids


def create_default_splits(n, is_train=True):
    ids = all_ids()

    num_trains = int(len(ids) * 0.75)

    dataset_train = Dataset(ids[:num_trains], n, name='train', is_train=False)
    dataset_test = Dataset(ids[num_trains:], n, name='test', is_train=False)
    return dataset_train, dataset_test

# Held-out round 71: the dataset factory of the detection framework, written by the writer (the search showed
# only its import, ``from dataset.interface import dataset``): ``dataset(params)`` picks a dataset class by
# ``params['name']``; its ``train_datum_iterator`` yields (image, [four label maps]) once over the stored file
# (an ``.npz`` file stands in for the LMDB database).
import numpy as np


class _NpzDetectionDataset(object):
    def __init__(self, params):
        self.params = params
        self._data = np.load(params['lmdb_file'])

    @property
    def train_datum_iterator(self):
        images = self._data['images']
        labels = self._data['labels']
        for i in range(images.shape[0]):
            yield images[i], [labels[i, k] for k in range(4)]


_DATASETS = {'pascal_voc': _NpzDetectionDataset, 'coco': _NpzDetectionDataset, 'kitti': _NpzDetectionDataset}


def dataset(params):
    return _DATASETS[params['name']](params)

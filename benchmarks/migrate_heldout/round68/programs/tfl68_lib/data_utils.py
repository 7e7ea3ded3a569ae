# -*- coding: utf-8 -*-
""" A trimmed copy of tflearn.data_utils: image_preloader and its lazy
preloader arrays (numpy images instead of PIL ones). """
from __future__ import division, print_function, absolute_import

import numpy as np


def to_categorical(y, nb_classes):
    """ to_categorical.

    Convert class vector (integers from 0 to nb_classes)
    to binary class matrix, for use with categorical_crossentropy.
    """
    y = np.asarray(y, dtype='int32')
    if not nb_classes:
        nb_classes = np.max(y) + 1
    Y = np.zeros((len(y), nb_classes))
    Y[np.arange(len(y)), y] = 1.
    return Y


def image_preloader(target_path, image_shape, mode='file', normalize=True,
                    grayscale=False, categorical_labels=True,
                    files_extension=None, filter_channel=False):
    """ Image PreLoader.

    Create a python array (`Preloader`) that loads images on the fly (from
    disk or url). There is two ways to provide image samples 'folder' or
    'file', see the specifications below.

    'file' mode: Plain text file listing every image path and class id.
        ```
        /path/to/img1 class_id
        /path/to/img2 class_id
        ```
    Returns:
        (X, Y): with X the images array and Y the labels array.
    """
    assert mode in ['folder', 'file']
    if mode == 'folder':
        raise NotImplementedError("only 'file' mode in this copy")
    with open(target_path, 'r') as f:
        images, labels = [], []
        for l in f.readlines():
            l = l.strip('\n').split()
            if not files_extension or any(flag in l[0] for flag in files_extension):
                images.append(l[0])
                labels.append(int(l[1]))

    n_classes = np.max(labels) + 1
    X = ImagePreloader(images, image_shape, normalize, grayscale)
    Y = LabelPreloader(labels, n_classes, categorical_labels)

    return X, Y


class Preloader(object):
    def __init__(self, array, function):
        self.array = array
        self.function = function

    def __getitem__(self, id):
        if type(id) in [list, np.ndarray]:
            return [self.function(self.array[i]) for i in id]
        elif isinstance(id, slice):
            return [self.function(arr) for arr in self.array[id]]
        else:
            return self.function(self.array[id])

    def __len__(self):
        return len(self.array)


class ImagePreloader(Preloader):
    def __init__(self, array, image_shape, normalize=True, grayscale=False):
        fn = lambda x: self.preload(x, image_shape, normalize, grayscale)
        super(ImagePreloader, self).__init__(array, fn)

    def preload(self, path, image_shape, normalize=True, grayscale=False):
        img = np.load(path)
        assert tuple(img.shape[:2]) == tuple(image_shape), path
        img = np.asarray(img, dtype="float32")
        if normalize:
            img /= 255.
        return img


class LabelPreloader(Preloader):
    def __init__(self, array, n_class=None, categorical_label=True):
        fn = lambda x: self.preload(x, n_class, categorical_label)
        super(LabelPreloader, self).__init__(array, fn)

    def preload(self, label, n_class, categorical_label):
        if categorical_label:
            # TODO: inspect assert bug
            # assert isinstance(n_class, int)
            return to_categorical([label], n_class)[0]
        else:
            return label

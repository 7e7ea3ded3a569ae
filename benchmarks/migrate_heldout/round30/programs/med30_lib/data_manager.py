import os

import numpy as np


class DataManagerNii(object):
    def __init__(self, src_dir, params):
        self.params = params
        self.src_dir = src_dir
        self.data_list = list()
        self.numpy_images = dict()
        self.numpy_gts = dict()
        self.image_feed_type = np.float32
        self.gt_feed_type = np.int64

    def create_data_list(self):
        self.data_list = sorted(d for d in os.listdir(self.src_dir) if d.startswith("case"))

    def load_numpy_data(self):
        for name in self.data_list:
            image = np.load(os.path.join(self.src_dir, name, "img.npy"))
            gt = np.load(os.path.join(self.src_dir, name, "seg.npy"))
            image = (image - image.mean()) / max(float(image.std()), 1e-6)
            self.numpy_images[name] = image.astype(self.image_feed_type)
            self.numpy_gts[name] = gt.astype(self.gt_feed_type)

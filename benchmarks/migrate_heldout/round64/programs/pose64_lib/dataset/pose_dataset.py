import logging
from enum import Enum

import numpy as np


class Batch(Enum):
    inputs = 0
    part_score_targets = 1
    part_score_weights = 2
    locref_targets = 3
    locref_mask = 4
    pairwise_targets = 5
    pairwise_mask = 6
    data_item = 7


def data_to_input(data):
    return np.expand_dims(data, axis=0).astype(float)


class DataItem:
    pass


class PoseDataset:
    def __init__(self, cfg):
        self.cfg = cfg
        self.data = self.load_dataset()
        self.num_images = len(self.data)
        if self.cfg.mirror:
            self.symmetric_joints = []
        self.curr_img = 0
        self.set_shuffle(cfg.shuffle)

    def load_dataset(self):
        cfg = self.cfg
        file_name = cfg.dataset
        # Load annotation data
        mlab = np.load(file_name)
        images = mlab['images']
        joints = mlab['joints']
        names = mlab['names']

        data = []
        for i in range(len(names)):
            item = DataItem()
            item.image_id = i
            item.im_path = str(names[i])
            item.im_size = images[i].shape
            item.image = images[i]
            item.joints = [joints[i]]
            data.append(item)
        return data

    def set_shuffle(self, shuffle):
        self.shuffle = shuffle
        if not shuffle:
            assert not self.cfg.mirror
            self.image_indices = np.arange(self.num_images)

    def shuffle_images(self):
        num_images = self.num_images
        self.image_indices = np.random.permutation(num_images)

    def num_training_samples(self):
        return self.num_images

    def next_training_sample(self):
        if self.curr_img == 0 and self.shuffle:
            self.shuffle_images()

        curr_img = self.curr_img
        self.curr_img = (self.curr_img + 1) % self.num_training_samples()

        imidx = self.image_indices[curr_img]
        return imidx, False

    def get_training_sample(self, imidx):
        return self.data[imidx]

    def next_batch(self):
        while True:
            imidx, mirror = self.next_training_sample()
            data_item = self.get_training_sample(imidx)
            scale = self.cfg.global_scale
            return self.make_batch(data_item, scale, mirror)

    def make_batch(self, data_item, scale, mirror):
        im_file = data_item.im_path
        logging.debug('image %s', im_file)
        image = data_item.image.astype(float)
        batch = {Batch.inputs: image}

        joints = data_item.joints[0]
        sm_size = np.array(image.shape[0:2])
        part_score_targets, part_score_weights = self.compute_target_part_scoremap(joints, sm_size)
        batch.update({
            Batch.part_score_targets: part_score_targets,
            Batch.part_score_weights: part_score_weights
        })
        batch = {key: data_to_input(data) for (key, data) in batch.items()}
        batch[Batch.data_item] = data_item
        return batch

    def compute_target_part_scoremap(self, joints, size):
        dist_thresh = self.cfg.pos_dist_thresh
        num_joints = self.cfg.num_joints
        scmap = np.zeros(np.concatenate([size, np.array([num_joints])]))
        weights = np.ones(scmap.shape)
        grid = np.mgrid[0:size[0], 0:size[1]]
        for person_joint in joints:
            j_id = int(person_joint[0])
            j_y, j_x = person_joint[1], person_joint[2]
            dist = (grid[0] - j_y) ** 2 + (grid[1] - j_x) ** 2
            scmap[:, :, j_id] = (dist <= dist_thresh ** 2).astype(float)
        return scmap, weights

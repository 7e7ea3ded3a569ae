import os


class Config(object):
    def __init__(self, mode, root=''):
        self.mode = mode
        self.tfrecordDir = os.path.join(root, 'tfrecord') + os.sep
        self.batch_size = 3
        self.num_epochs = 1
        self.max_items = 6

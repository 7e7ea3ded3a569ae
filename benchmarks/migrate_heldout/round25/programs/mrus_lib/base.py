"""Base model: holds the hyper-parameters, the subclasses add inputs and layers."""


class Model(object):

    def __init__(self, num_epochs=1, batch_size=4, patch_size=2, num_threads=1):
        self.num_epochs = num_epochs
        self.batch_size = batch_size
        self.patch_size = patch_size
        self.num_threads = num_threads

    def inputs(self, filenames):
        raise NotImplementedError

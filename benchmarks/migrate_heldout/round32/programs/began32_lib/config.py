from collections import namedtuple

Config = namedtuple('Config', ['data_dir', 'dataset', 'batch_size', 'input_scale_size', 'data_format',
                               'is_grayscale', 'split', 'max_step'])


def get_config(data_dir):
    return Config(data_dir=data_dir, dataset='CelebA', batch_size=4, input_scale_size=2,
                  data_format='NCHW', is_grayscale=False, split=None, max_step=3)

import os


class _Config(dict):
    """yaml-like config: keys are read as attributes"""
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


_BASE = """
data_dir: ./data
train_record: stills_train.tfrecord
batch_size: 2
img_height: 3
img_width: 3
num_epochs: 1
shuffle: False
num_threads: 1
"""


def _parse(text):
    cfg = _Config()
    for line in text.strip().splitlines():
        key, value = [p.strip() for p in line.split(":", 1)]
        if value in ("True", "False"):
            value = value == "True"
        elif value.isdigit():
            value = int(value)
        cfg[key] = value
    return cfg


def deploy(model_name, phase, data_dir=None):
    config = _parse(_BASE)
    config.model_name = model_name
    config.phase = phase
    if data_dir is not None:
        config.data_dir = data_dir
    config.record_path = os.path.join(config.data_dir, config.train_record)
    return config

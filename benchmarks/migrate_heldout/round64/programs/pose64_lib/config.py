import pprint


class EasyDict(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


cfg = EasyDict()

cfg.stride = 1.0
cfg.weigh_part_predictions = False
cfg.weigh_negatives = False
cfg.fg_fraction = 0.25
cfg.weigh_only_present_joints = False
cfg.mean_pixel = [123.68, 116.779, 103.939]
cfg.shuffle = True
cfg.snapshot_prefix = "snapshot"
cfg.log_dir = "log"
cfg.global_scale = 1.0
cfg.location_refinement = False
cfg.pos_dist_thresh = 1
cfg.scale_jitter_lo = 1.0
cfg.scale_jitter_up = 1.0
cfg.mirror = False
cfg.batch_size = 1
cfg.dataset = ''
cfg.dataset_type = "default"
cfg.num_joints = 2
cfg.max_input_size = 1000


def load_config(overrides):
    config = EasyDict(cfg)
    for k, v in overrides.items():
        config[k] = v
    return config


def print_config(config):
    return pprint.pformat(dict(config))

"""A module-level settings object, filled by the training script before the graph is built (flags-style)."""


class _Flags(object):
    data_dir = None
    sequence_length = 3
    batch_size = 4
    train_val_split = 0.5
    use_state = 1


FLAGS = _Flags()

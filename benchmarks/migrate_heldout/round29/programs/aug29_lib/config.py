class AugConfig(object):
    """Input settings."""
    patch_size = 3
    batch_size = 4
    num_threads = 2
    num_epochs = 1
    capacity = 32

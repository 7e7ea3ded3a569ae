class _Config(object):
    batch_size = 4
    num_threads = 2
    epoch = 1
    dataset = 'mnist'
    is_training = True


cfg = _Config()

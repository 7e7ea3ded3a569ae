class Hyperparams:
    '''Hyper parameters'''
    data = 'LJ_tiny'
    batch_size = 4
    n_mels = 3
    r = 2  # reduction factor
    vocab = "PE abcdefghijklmnopqrstuvwxyz'.?"  # P: padding, E: end of string
    num_threads = 2

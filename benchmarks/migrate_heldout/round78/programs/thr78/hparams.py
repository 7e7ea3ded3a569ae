class Hyperparams:
    '''Hyperparameters'''
    n_mels = 3
    n_frames = 4
    batch_size = 4
    num_threads = 2
    meta = 'metadata.csv'
    feat_dir = 'mels'

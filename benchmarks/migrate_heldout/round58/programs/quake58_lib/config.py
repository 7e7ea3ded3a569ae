"""Configuration of the icequake detector (one object handed to every stage)."""


class Config(object):
    # data
    win_size = 4        # samples per trace in a window
    n_traces = 3        # geophone components (Z, N, E)
    n_clusters = 3      # source clusters along the glacier snout
    # training
    batch_size = 5
    n_threads = 1
    n_epochs = 1
    display_step = 1
    learning_rate = 0.001
    regularization = 1e-3

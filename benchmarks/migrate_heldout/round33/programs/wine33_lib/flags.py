class Flags(object):
    batch_size = 4
    read_threads = 3
    num_epochs = 1
    num_features = 3
    data_pattern = "winequality-*.csv"


FLAGS = Flags()

class _Flags(object):
    output_size = 4
    batch_size = 3
    num_epochs = 1
    dataset_dir = ''


FLAGS = _Flags()

import argparse

arg_lists = []
parser = argparse.ArgumentParser()


def add_argument_group(name):
    arg = parser.add_argument_group(name)
    arg_lists.append(arg)
    return arg


data_arg = add_argument_group('Data')
data_arg.add_argument('--dataset', type=str, default='halfpipe')
data_arg.add_argument('--batch_size', type=int, default=4)
data_arg.add_argument('--input_scale_size', type=int, default=2,
                      help='input image will be resized with the given value as width and height')
data_arg.add_argument('--num_worker', type=int, default=4)

misc_arg = add_argument_group('Misc')
misc_arg.add_argument('--data_dir', type=str, default='data')
misc_arg.add_argument('--random_seed', type=int, default=123)
misc_arg.add_argument('--data_format', type=str, default='NCHW')


def get_config(argv=None):
    config, unparsed = parser.parse_known_args(argv if argv is not None else [])
    return config, unparsed

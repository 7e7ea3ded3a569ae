import argparse

parser = argparse.ArgumentParser(description='lung CT slice classifier')
# input
parser.add_argument('--slice_size', type=int, default=6, help='rows/cols of a downsampled slice')
parser.add_argument('--header_bytes', type=int, default=16, help='per-file preamble before the slices')
parser.add_argument('--batch_size', type=int, default=5)
parser.add_argument('--num_preprocess_threads', type=int, default=1)
# directory
parser.add_argument('--data_dir', type=str, default='/tmp/lung_ct')

FLAGS, _unparsed = parser.parse_known_args([])

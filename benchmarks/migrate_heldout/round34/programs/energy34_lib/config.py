"""Run configuration, as an argparse namespace would hold it."""
import argparse


def get_config(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch_size", type=int, default=3)
    parser.add_argument("--max_steps", type=int, default=3)
    parser.add_argument("--data_file", default="ENB2012_data.csv")
    return parser.parse_args(list(argv))

"""Utterance reading for ``utterances_package_shuffle_flag``."""
from r30a_lib.reading import NUM_FEATS, inputs

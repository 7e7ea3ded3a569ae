"""Routines for reading the utterance data."""
from audio30_lib.speech_input import inputs, NUM_PER_EPOCH_FOR_TRAIN

"""Hyper-parameters of the GAN (imported everywhere with `from loader_lib.hyper_parameters import *`)."""

BATCH_SIZE = 4
TEST_BATCH_SIZE = 3
IMAGE_SIZE = 4
NUM_EPOCHS = 3
SEED = 17
MIN_AFTER_DEQUEUE = 2
TEST_EVERY = 2

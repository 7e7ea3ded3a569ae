"""Tools to allow different io formats (the writer's reduced tf.contrib.learn.learn_io)."""
from learn66_lib.learn_io.generator_io import generator_input_fn

"""Copy of the bits of tf.contrib.learn.learn_io we used (contrib went away on the lock-keeper servers)."""
from canal52_lib.learn_io.graph_io import read_batch_examples
from canal52_lib.learn_io.graph_io import read_batch_features
from canal52_lib.learn_io.graph_io import read_keyed_batch_examples
from canal52_lib.learn_io.graph_io import read_keyed_batch_features

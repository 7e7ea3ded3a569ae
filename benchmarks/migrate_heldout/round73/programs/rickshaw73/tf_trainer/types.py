"""Type aliases used across tf_trainer."""
from typing import Dict, Tuple

import tensorflow.compat.v1 as tf

Path = str
Tensor = tf.Tensor
FeatureAndLabelTensors = Tuple[Dict[str, Tensor], Dict[str, Tensor]]

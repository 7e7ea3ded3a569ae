import numpy as np
import tensorflow.compat.v1 as tf

_ED_SESSION = None


def get_session():
  """Get the globally defined TensorFlow session.

  If the session is not already defined, then the function will create
  a global session.

  Returns:
    _ED_SESSION: tf.InteractiveSession.
  """
  global _ED_SESSION
  if tf.get_default_session() is None:
    _ED_SESSION = tf.InteractiveSession()
  else:
    _ED_SESSION = tf.get_default_session()
  return _ED_SESSION


def set_seed(x):
  """Set seed for both NumPy and TensorFlow.

  Args:
    x: int, float.
      seed
  """
  np.random.seed(x)
  tf.set_random_seed(x)

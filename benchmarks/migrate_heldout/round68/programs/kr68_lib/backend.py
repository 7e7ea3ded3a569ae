"""The part of the Keras 1/2 TensorFlow backend the scripts use
(`set_session`, `get_session`, `learning_phase`), kept as a module of the
project because the installed Keras cannot build layers in a TF1 graph."""
import tensorflow.compat.v1 as tf

_SESSION = None
_GRAPH_LEARNING_PHASES = {}
_MANUAL_VAR_INIT = False


def learning_phase():
    """Returns the learning phase flag.

    The learning phase flag is a bool tensor (0 = test, 1 = train)
    to be passed as input to any Keras function
    that uses a different behavior at train time and test time.
    """
    graph = tf.get_default_graph()
    if graph not in _GRAPH_LEARNING_PHASES:
        phase = tf.placeholder_with_default(False, shape=(), name='keras_learning_phase')
        _GRAPH_LEARNING_PHASES[graph] = phase
    return _GRAPH_LEARNING_PHASES[graph]


def get_session():
    """Returns the TF session to be used by the backend."""
    global _SESSION
    if tf.get_default_session() is not None:
        session = tf.get_default_session()
    else:
        if _SESSION is None:
            _SESSION = tf.Session()
        session = _SESSION
    return session


def set_session(session):
    """Sets the global TF session."""
    global _SESSION
    _SESSION = session


def clear_session():
    global _SESSION
    _SESSION = None
    _GRAPH_LEARNING_PHASES.clear()

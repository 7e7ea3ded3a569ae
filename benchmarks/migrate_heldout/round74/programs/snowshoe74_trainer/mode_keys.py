"""Stand-in for tf.estimator.ModeKeys (tf.estimator is gone from this TensorFlow)."""


class ModeKeys(object):
    TRAIN = 'train'
    EVAL = 'eval'
    PREDICT = 'infer'

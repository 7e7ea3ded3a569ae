"""A data spec (its reader class, parser and pattern kept as attributes) and the providers reading it."""
import tensorflow.compat.v1 as tf

from kiln_lib import pool


class Parser(object):
    def __init__(self, features):
        self._features = features

    def names(self):
        return sorted(self._features)

    def parse(self, record, names):
        example = tf.parse_single_example(record, self._features)
        return [example[n] for n in names]


class Spec(object):
    def __init__(self, pattern, reader, parser, rows, **extra):
        extra.update(pattern=pattern, reader=reader, parser=parser, rows=rows)
        self.__dict__.update(extra)


def glaze_spec(pattern):
    features = {"glaze": tf.FixedLenFeature([3], tf.float32), "cone": tf.FixedLenFeature([], tf.int64)}
    return Spec(pattern, reader=tf.TFRecordReader, parser=Parser(features), rows=12, kinds=12)


class Holder(object):
    def __init__(self, tensors):
        self._tensors = tensors

    def get(self, names):
        return [self._tensors[n] for n in names]


class SpecProvider(Holder):
    def __init__(self, spec, readers=1, mix=False, epochs=None, room=16, floor=4):
        _, record = pool.pooled_read(spec.pattern, spec.reader, size=readers, mix=mix, epochs=epochs, room=room,
                                     floor=floor)
        names = spec.parser.names()
        super(SpecProvider, self).__init__(dict(zip(names, spec.parser.parse(record, names))))

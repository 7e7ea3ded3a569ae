"""A data spec keeping its fields through its ``__dict__`` (``more["files"] = files``, ``more.update(rows=rows)``,
then ``self.__dict__.update(more)``), made by a function whose reader defaults to ``None`` then to the TFRecord
reader; and a provider reading the records with ``spec.reader()`` into a FIFO common queue and decoding them through
a function of another module, imported here as ``from sluice_lib import decoding`` (an import its callers lack),
keeping the record's key under a name no caller asks for, after a guard raising where an item has it."""
import tensorflow.compat.v1 as tf

from sluice_lib import decoding


class Spec(object):

    def __init__(self, files, reader, rows, **more):
        more["files"] = files
        more["reader"] = reader
        more.update(rows=rows)
        self.__dict__.update(more)


def bits_spec(files, reader=None):
    if reader is None:
        reader = tf.TFRecordReader
    return Spec(files, reader=reader, rows=6, note="six rows")


class SpecStage(object):

    def __init__(self, spec, epochs=None, room=8, origin="origin"):
        file_queue = tf.train.string_input_producer(spec.files, shuffle=False, num_epochs=epochs)
        common = tf.FIFOQueue(capacity=room, dtypes=[tf.string, tf.string])
        ops = [common.enqueue(spec.reader().read(file_queue))]
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common, ops))
        where, record = common.dequeue()
        held = dict(decoding.decode(record))
        if origin in held:
            raise KeyError("the origin's name is an item's: %s" % origin)
        held[origin] = where
        self._held = held

    def get(self, names):
        return [self._held[name] for name in names]

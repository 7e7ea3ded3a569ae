"""A provider whose ``__init__`` reads the records itself (one reader into a FIFO common queue) and decodes them
through a function of another module, imported here as ``from sluice_lib import decoding`` (an import its callers
lack), keeping the record's key under a name no caller asks for, after a guard raising where an item has it;
``get`` selects what it keeps."""
import tensorflow.compat.v1 as tf

from sluice_lib import decoding


class Stage(object):

    def __init__(self, files, epochs=None, room=8, origin="origin"):
        file_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=epochs)
        common = tf.FIFOQueue(capacity=room, dtypes=[tf.string, tf.string])
        ops = [common.enqueue(tf.TFRecordReader().read(file_queue))]
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common, ops))
        where, record = common.dequeue()
        held = dict(decoding.decode(record))
        if origin in held:
            raise KeyError("the origin's name is an item's: %s" % origin)
        held[origin] = where
        self._held = held

    def get(self, names):
        return [self._held[name] for name in names]


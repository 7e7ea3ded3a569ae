"""The holder base and its provider subclass in the program's own module (``super().__init__`` with positional
arguments, the record key stored under a literal name), shuffled, two readers; no ``tensorflow.compat.v1`` alias
(``from tensorflow.compat.v1 import ...``): each element once, in any order."""
import os

from tensorflow.compat.v1 import (FIFOQueue, FixedLenFeature, RandomShuffleQueue, Session, TFRecordReader, errors,
                                  float32, int64, local_variables_initializer, parse_single_example, string, train)

from pb_lib import records


class Holder(object):
    def __init__(self, by_name, size):
        self.by_name = by_name
        self.size = size

    def names(self):
        return self.by_name.keys()

    def _validate(self, items):
        for item in items:
            if item not in self.names():
                raise KeyError(item)

    def get(self, items):
        """The tensors of ``items``."""
        self._validate(items)
        return [self.by_name[item] for item in items]


class ShardProvider(Holder):
    def __init__(self, files, readers=2, shuffle=True, epochs=None):
        file_queue = train.string_input_producer(files, shuffle=shuffle, num_epochs=epochs, seed=3)
        if shuffle:
            common = RandomShuffleQueue(capacity=8, min_after_dequeue=2, dtypes=[string, string], seed=5)
        else:
            common = FIFOQueue(capacity=8, dtypes=[string, string])
        ops = []
        for _ in range(readers):
            ops.append(common.enqueue(TFRecordReader().read(file_queue)))
        train.queue_runner.add_queue_runner(train.queue_runner.QueueRunner(common, ops))
        record_key, record = common.dequeue()
        feats = parse_single_example(record, {"level": FixedLenFeature([], float32),
                                              "idx": FixedLenFeature([], int64)})
        held = {"level": feats["level"], "idx": feats["idx"]}
        held["record_key"] = record_key
        super().__init__(held, 12)


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "pb_own"))
    provider = ShardProvider(files, epochs=1)
    idx, level = provider.get(("idx", "level"))
    idxs, levels = train.batch([idx, level + 1.0], batch_size=4)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            while True:
                ix, lv = sess.run([idxs, levels])
                batches.append([ix.tolist(), lv.tolist()])
        except errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}

import collections

CSV_COLUMNS = ["clicked", "I1", "I2", "I3", "C1", "C2"]
CSV_DEFAULTS = [[0], [0], [0], [0], [""], [""]]

_Flags = collections.namedtuple("_Flags", ["batch_size", "num_epochs", "num_threads", "hash_buckets",
                                           "min_after_dequeue"])
FLAGS = _Flags(batch_size=4, num_epochs=1, num_threads=2, hash_buckets=100, min_after_dequeue=8)

"""Settings object of the poker-hand classifier."""
import collections

Settings = collections.namedtuple("Settings", "batch_size read_threads num_epochs capacity")

DEFAULT = Settings(batch_size=4, read_threads=3, num_epochs=1, capacity=24)

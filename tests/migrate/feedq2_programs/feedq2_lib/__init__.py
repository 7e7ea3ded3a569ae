from feedq2_lib.pairs import pair_batches  # noqa: F401
from feedq2_lib.wrapper import ClipBatches  # noqa: F401

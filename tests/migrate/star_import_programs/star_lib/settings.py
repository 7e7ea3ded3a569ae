"""Settings brought in by a star import (no `__all__`: every public name)."""

BATCH_SIZE = 4
NUM_EPOCHS = 1

"""A package whose `__init__` re-exports its pipeline (a relative import): no TensorFlow, no class here."""

from .pipeline import table_batches

__all__ = ["table_batches"]

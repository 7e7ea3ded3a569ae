"""A package whose `__init__` re-exports by an absolute import, under another name."""

from r17_abs.records import record_batches as batches_of_records

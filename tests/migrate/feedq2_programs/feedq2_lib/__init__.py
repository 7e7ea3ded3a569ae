from feedq2_lib.pairs import pair_batches  # noqa: F401

"""Input stages of the trainer, one module each: where the files come from, how a record is decoded, how
examples are batched."""

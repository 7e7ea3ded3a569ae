"""Replays in ZLIB TFRecords: writing them, reading them (a reader helper of its own module)."""

"""Benchmark cases: one module per seed pattern, each exposing ``variants(config)``."""

"""Seismic trace input package: the pipeline is re-exported here."""

from .pipeline import trace_batches

__all__ = ["trace_batches"]

"""The project's warning classes."""

from __future__ import annotations


class BridgeWarning(UserWarning):
    """Base class of every warning tfdata_bridge emits."""


class CompiledToTfDataWarning(BridgeWarning):
    """A legacy queue API was compiled into tf.data; the message names the idiomatic chain."""


class FallbackWarning(BridgeWarning):
    """Part of a legacy pipeline could not be compiled into tf.data and runs on a Python thread."""


class ServiceWarning(BridgeWarning):
    """The tf.data service is set for the drop-in (``TFDATA_BRIDGE_SERVICE``) but a batch call's pipeline
    cannot go there (a Python producer): it runs in this process; the message says why."""


class RecoveryWarning(BridgeWarning):
    """What legacy delivered before a pipeline's error (the short batch, what a shuffle held, a failed
    batch's good records) could not be read again after the error, for an unexpected reason: fewer
    elements arrived than legacy's; the message names the pipeline, its error and the reason."""

"""``tfdata_bridge.iterator_saveable``: save and restore where a drop-in pipeline has got to, mid-epoch.

Legacy queues cannot do this (a queue's contents and a runner's position are not saved by a ``Saver``).
A drop-in batch call over native sources (readers, input producers, parsing) is a tf.data pipeline read
by a one-shot iterator, and tf.data saves an iterator's state: the file and offset being read, the
shuffle buffer, the batches read ahead. ``iterator_saveable(tensors)`` gives that iterator's
``SaveableObject``: add it to the ``SAVEABLE_OBJECTS`` collection (or a ``Saver``'s ``var_list``) and
``saver.save`` / ``saver.restore`` carry it with the variables; restored in a new process running the
same program, the pipeline delivers what was left of the epoch.

A pipeline with a Python op is refused (``portable.py``): tf.data cannot save where Python code has got
to. The other state tf.data would call external is not saved, on purpose (``external_state_policy=
"ignore"``): the bridge's own stash of the batch being parsed (``batch_retry.py``: empty between batches)
and the position of random ops in the producer (they draw fresh values after a restore).
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat import pipeline_datasets
from tfdata_bridge._src.scaling import portable
from tfdata_bridge._src.tf import tf

REFUSAL = portable.Refusal(
    "tfdata_bridge.iterator_saveable",
    "tf.data saves an iterator's state only for a pipeline of TensorFlow ops; where Python code has got to "
    "(a generator's position, a py_func's closure) is not saved",
    "Make the source native (files through a drop-in reader, tf.data.Dataset.range or from_tensor_slices) "
    "or save at the end of an epoch, where nothing is in flight")


def iterator_saveable(tensors: Any) -> Any:
    """The ``SaveableObject`` of the iterator behind ``tensors`` (what one drop-in batch call returned, in
    graph mode), for a ``tf.compat.v1.train.Saver``. ``ValueError`` when its pipeline holds a Python op
    or a legacy queue or reader op, or when ``tensors`` are not a drop-in batch call's."""
    if isinstance(tensors, tf.data.Dataset):
        raise TypeError("tfdata_bridge.iterator_saveable takes the tensors of a drop-in batch call (graph mode); "
                        "for a tf.data.Dataset in eager mode use tf.train.Checkpoint(iterator=iter(dataset))")
    portable.dataset(tensors, REFUSAL)  # refuses a spec, Python ops, legacy queue or reader ops
    made = pipeline_datasets.lookup(tensors, REFUSAL.who)
    if made.service is not None:
        raise ValueError(f"{REFUSAL.who}: this batch call reads its pipeline through the tf.data service at "
                         f"{made.service} (TFDATA_BRIDGE_SERVICE or configure(service=...)), whose position a "
                         "checkpoint does not save. Build the call without the service (unset the variable, or "
                         "tfdata_bridge.configure(service=None) before it) to save where it has got to")
    # its notice ("In TF2, use tf.train.Checkpoint") is for TF2 code: a graph-mode Saver is what this is for
    with tf_private.silenced_deprecations():
        return tf.data.experimental.make_saveable_from_iterator(made.iterator, external_state_policy="ignore")

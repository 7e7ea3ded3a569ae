"""The drop-in's batch calls through the tf.data service, with no change to the legacy program: set
``TFDATA_BRIDGE_SERVICE=grpc://host:port`` (or ``tfdata_bridge.configure(service=...)``, ``config.py``).

``graph_batch.build`` hands each batch call's dataset here (``through_service``) before making the
session's one-shot iterator over it. With the service set, a native pipeline (no Python op, no legacy
queue or reader op: ``portable.py``) is read through ``tf.data.experimental.service.distribute``: the
session's graph holds a ``DataServiceDataset`` and the workers run the pipeline's graph. A pipeline that
cannot go (a Python producer: a service worker is another process, with no such function to call) runs
here as it would without the service, with one ``ServiceWarning`` saying why, or raises ``ValueError``
with the same words where the user asked for strict (``TFDATA_BRIDGE_SERVICE_STRICT=1``). Never silently.

What changes through the service (docs/scaling-out.md): batches are made on the workers (with several,
each ends its part of an epoch with its own short batch, or drops its own tail), the shuffle mixes within
a worker's part, and a bad record fails its whole batch: the record-by-record retry (``batch_retry.py``)
needs the batch's raw records, which stay on the worker, so the call's error arrives as the worker raised
it, after every batch made before it.
"""

from __future__ import annotations

import logging
import warnings
from typing import Any

from tfdata_bridge._src import config
from tfdata_bridge._src.scaling import portable
from tfdata_bridge._src.scaling.service import policy
from tfdata_bridge._src.tf import tf
from tfdata_bridge._src.warnings import ServiceWarning

REFUSAL = portable.Refusal(
    "the tf.data service (TFDATA_BRIDGE_SERVICE)",
    "a service worker runs the pipeline's graph in another process, which cannot call back into this "
    "process's Python",
    "Run the Python producer in process workers here (tfdata_bridge.configure(workers=N)), move its work into "
    "TensorFlow ops, or write its output once to TFRecord files (`tfdata-bridge materialize`) and read those; "
    "TFDATA_BRIDGE_SERVICE_STRICT=1 makes this an error")
logger = logging.getLogger("tfdata_bridge")
STRICT = portable.Refusal(REFUSAL.who, REFUSAL.rule, REFUSAL.fix.rsplit(";", 1)[0] + "; or unset "
                          "TFDATA_BRIDGE_SERVICE_STRICT (configure(service_strict=False)) to run it in this process")


def wanted() -> bool:
    """Whether a batch call built now is meant for the service: one is set for the drop-in (or its setting is
    bad, which ``through_service`` then reports). Its pipeline must then keep a form the service's dynamic
    sharding splits (``readers.file_reads``)."""
    try:
        return config.service_settings() is not None
    except ValueError:
        return True


def through_service(dataset: Any, options: Any, name: str, stacklevel: int = 1,
                    python: tuple[str, ...] = ()) -> tuple[Any, str | None]:
    """``(dataset to read, the service's address or None)``: ``dataset`` (a batch call's pipeline, in
    graph mode; ``name`` says which call, ``python`` names the program's Python ops and producers in it)
    through the service set for the drop-in, with ``options``; or
    ``dataset`` itself where no service is set or it cannot go (with one ``ServiceWarning``, or
    ``ValueError`` when strict)."""
    settings = config.service_settings()
    if settings is None:
        return dataset, None
    try:
        portable.dataset(dataset, STRICT if settings.strict else REFUSAL)
    except ValueError as refused:
        why = f"{refused} (the program's Python code: {', '.join(python)})" if python else str(refused)
        if settings.strict:
            raise ValueError(f"{name} cannot be read through the tf.data service at {settings.target}: {why}") \
                from None
        warnings.warn(f"{name} runs in this process, not through the tf.data service at {settings.target}: {why}",
                      ServiceWarning, stacklevel=stacklevel + 1)
        return dataset, None
    with warnings.catch_warnings():  # TensorFlow's own note on reading options in graph mode, for its own read
        warnings.filterwarnings("ignore", message="To make it possible to preserve tf.data options")
        distributed = dataset.apply(tf.data.experimental.service.distribute(
            processing_mode=policy(settings.sharding), service=settings.target))
    logger.info("%s reads its pipeline through the tf.data service at %s (sharding %s)", name, settings.target,
                settings.sharding)
    return distributed.with_options(options), settings.target

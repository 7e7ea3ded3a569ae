"""``tfdata_bridge.configure(...)``: the process-wide settings of the drop-in, each also read from an
environment variable so that a legacy program can opt in without a changed line. Imports no TensorFlow.

A setting given to ``configure`` wins over its variable; ``configure(name=None)`` turns it off even where
the variable is set; a variable is read when the setting is used (each batch call), not at import.

- ``service``: the tf.data service's dispatcher (``"grpc://host:port"``, or a ``DispatchServer``), variable
  ``TFDATA_BRIDGE_SERVICE``. Each native batch call of the drop-in then reads its pipeline through the
  service (``scaling/dropin_service.py``, docs/scaling-out.md).
- ``service_sharding``: ``"dynamic"`` (the default: each element once per epoch across the workers) or
  ``"off"`` (every worker runs the whole pipeline), variable ``TFDATA_BRIDGE_SERVICE_SHARDING``.
- ``service_strict``: a batch call that cannot go to the service (a Python producer) raises instead of
  running here with a warning, variable ``TFDATA_BRIDGE_SERVICE_STRICT`` (``1`` / ``true``).
- ``workers``: the drop-in's zero-input ``py_func`` producers run in that many worker processes
  (``runtime/process_workers.py``) instead of on threads, variable ``TFDATA_BRIDGE_WORKERS``. Opt-in: each
  worker calls the pickled function until it ends (``StopIteration`` / ``OutOfRangeError``), so the
  function shards itself with ``worker_info()``.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import Any

SHARDINGS = ("dynamic", "off")
ENV_WORKERS = "TFDATA_BRIDGE_WORKERS"
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("", "0", "false", "no", "off")


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class ServiceSettings:
    """Where the drop-in sends its native batch calls: ``target`` (``grpc://host:port``), ``sharding``
    (``"dynamic"`` or ``"off"``), ``strict``."""

    target: str
    sharding: str
    strict: bool


_lock = threading.Lock()
_given: dict[str, Any] = {}  # setting -> what configure() was given (None: off)


def configure(*, service: Any = UNSET, service_sharding: Any = UNSET, service_strict: Any = UNSET,
              workers: Any = UNSET) -> None:
    """Set the drop-in's process-wide settings (only those named; the rest keep their values).

    ``service``: ``"grpc://host:port"`` (or a ``tf.data.experimental.service.DispatchServer``): every
    native batch call of ``tfdata_bridge.compat.v1`` made from now on reads its pipeline through the
    tf.data service there; ``None``: no service (also where ``TFDATA_BRIDGE_SERVICE`` is set).
    ``service_sharding``: ``"dynamic"`` (default) or ``"off"``. ``service_strict``: ``True`` makes a batch
    call that cannot go to the service (a Python producer) raise instead of warn and run here.
    ``workers``: N runs the drop-in's zero-input ``py_func`` producers in N worker processes (the function
    must pickle, and shards itself with ``tfdata_bridge.worker_info()``); ``None``: on threads, as
    ``num_threads`` says (the default, unless ``TFDATA_BRIDGE_WORKERS`` is set).
    ``ValueError`` (``TypeError`` for a wrong type) naming the setting, the value and the fix."""
    checked: dict[str, Any] = {}
    if service is not UNSET:
        checked["service"] = None if service is None else _target(service, "configure(service=...)")
    if service_sharding is not UNSET:
        checked["service_sharding"] = None if service_sharding is None else _sharding(
            service_sharding, "configure(service_sharding=...)")
    if service_strict is not UNSET:
        if service_strict is not None and not isinstance(service_strict, bool):
            raise ValueError(f"configure(service_strict=...) must be True, False or None; got {service_strict!r}")
        checked["service_strict"] = service_strict
    if workers is not UNSET:
        checked["workers"] = _workers(workers, "configure(workers=...)")
    with _lock:
        _given.update(checked)


def service_settings() -> ServiceSettings | None:
    """The service the drop-in's batch calls go through now, or ``None``; ``ValueError`` for a bad
    environment variable (naming it)."""
    with _lock:
        given = dict(_given)
    target = given["service"] if "service" in given else _from_env("TFDATA_BRIDGE_SERVICE", _target)
    if target is None:
        return None
    sharding = given.get("service_sharding") or _from_env("TFDATA_BRIDGE_SERVICE_SHARDING", _sharding) or "dynamic"
    strict = given.get("service_strict")
    if strict is None:
        strict = bool(_from_env("TFDATA_BRIDGE_SERVICE_STRICT", _flag))
    return ServiceSettings(target, sharding, strict)


def workers() -> int | None:
    """The worker processes for the drop-in's ``py_func`` producers: ``configure``'s, else
    ``TFDATA_BRIDGE_WORKERS``, else None (threads)."""
    with _lock:
        if "workers" in _given:
            return _given["workers"]
    value = os.environ.get(ENV_WORKERS, "").strip()
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"{ENV_WORKERS}={value!r} must be a whole number >= 1 (worker processes for the "
                         f"drop-in's py_func producers); unset it to run them on threads") from None
    return _workers(number, ENV_WORKERS)


def reset() -> None:
    """Forget what ``configure`` was given (the environment variables apply again): for tests."""
    with _lock:
        _given.clear()


def _workers(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{where}: workers ({value!r}) must be an int >= 1 or None; pass how many worker "
                        "processes run the drop-in's py_func producers (None: on threads)")
    if value < 1:
        raise ValueError(f"{where}: workers ({value!r}) must be >= 1, or None to run the drop-in's py_func "
                         "producers on threads")
    return value


def _from_env(name: str, parse: Any) -> Any:
    raw = os.environ.get(name, "").strip()
    return parse(raw, f"the environment variable {name}") if raw else None


def _target(value: Any, where: str) -> str:
    target = getattr(value, "target", value)  # a DispatchServer gives its address
    if not isinstance(target, str) or not target.startswith(("grpc://", "grpc+local://")) or \
            not target.split("://", 1)[1]:
        raise ValueError(f"{where} must be the tf.data service dispatcher's address as 'grpc://host:port' "
                         f"(or a DispatchServer); got {value!r}")
    return target


def _sharding(value: Any, where: str) -> str:
    if isinstance(value, str) and value.strip().lower() in SHARDINGS:
        return value.strip().lower()
    raise ValueError(f"{where} must be 'dynamic' (each element once per epoch across the service's workers) or "
                     f"'off' (every worker runs the whole pipeline); got {value!r}")


def _flag(value: str, where: str) -> bool:
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ValueError(f"{where} must be 1 or 0 (true or false); got {value!r}")

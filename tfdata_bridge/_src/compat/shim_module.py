"""Modules that stand in for ``tensorflow.compat.v1`` and its submodules: every attribute is
TensorFlow's own except the queue APIs listed in the mapping table (``symbols.SYMBOLS``), which are
the bridge's shims. Shims are imported on first use."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types
from typing import Any

from tfdata_bridge._src.symbols import SYMBOLS

# Sessions: not legacy queue APIs (so not in the mapping table, and neither scan nor migrate reports
# them), but their run() hands a lifted producer's error to the program's Coordinator (session.py).
_SESSIONS = {
    "Session": "tfdata_bridge._src.compat.session:Session",
    "InteractiveSession": "tfdata_bridge._src.compat.session:InteractiveSession",
    # TensorFlow's, with a hook that makes their session the drop-in one and starts lifted pipelines
    "train.MonitoredSession": "tfdata_bridge._src.compat.monitored:MonitoredSession",
    "train.MonitoredTrainingSession": "tfdata_bridge._src.compat.monitored:MonitoredTrainingSession",
    "train.SingularMonitoredSession": "tfdata_bridge._src.compat.monitored:SingularMonitoredSession",
    # TensorFlow's, settling the graph when made and making its sessions the drop-in one, with its config
    "train.Supervisor": "tfdata_bridge._src.compat.supervisor:Supervisor",
    # TensorFlow's, settling the graph before its init ops run and making its sessions the drop-in one
    "train.SessionManager": "tfdata_bridge._src.compat.session_manager:SessionManager",
}
# path under tf.compat.v1 -> "module:attribute" of the shim
_SHIMS: dict[str, str] = {path: sym.shim for sym in SYMBOLS if sym.shim for path in sym.paths} | _SESSIONS
# submodule paths that hold a shim somewhere below them ("train", "train.queue_runner", "queue", "io")
_SHIM_PARENTS: frozenset[str] = frozenset(
    ".".join(path.split(".")[:i]) for path in _SHIMS for i in range(1, path.count(".") + 1)
)


def _resolve(target: str) -> Any:
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


class ShimModule(types.ModuleType):
    """A module forwarding to a TensorFlow module, with the bridge's shims in place of queue APIs."""

    def __init__(self, name: str, target: types.ModuleType, path: str = "", root: ShimModule | None = None) -> None:
        super().__init__(name, getattr(target, "__doc__", None))
        self._tfdb_target = target
        self._tfdb_path = path
        self._tfdb_root = root or self
        self._tfdb_cache: dict[str, Any] = {}

    def _tfdb_lookup(self, attr: str) -> Any:
        path = f"{self._tfdb_path}.{attr}" if self._tfdb_path else attr
        if path in _SHIMS:
            return _resolve(_SHIMS[path])
        if path == "compat.v1":
            # ``tf = tf.compat.v1`` (a TF1-or-TF2 version check) keeps the drop-in: TensorFlow's own would run
            # the program on its queues, the bridge bypassed without a word
            return self._tfdb_root
        if path in _SHIM_PARENTS or path == "compat":
            child = ShimModule(f"{self.__name__}.{attr}", getattr(self._tfdb_target, attr), path, self._tfdb_root)
            sys.modules.setdefault(child.__name__, child)
            return child
        return getattr(self._tfdb_target, attr)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("_tfdb_"):
            raise AttributeError(attr)
        if attr == "__all__":
            return [name for name in self.__dir__() if not name.startswith("_")]
        cache = self._tfdb_cache
        if attr not in cache:
            cache[attr] = self._tfdb_lookup(attr)  # AttributeError passes through, as TensorFlow's
        return cache[attr]

    def __dir__(self) -> list[str]:
        prefix = f"{self._tfdb_path}." if self._tfdb_path else ""
        own = {p[len(prefix):].split(".")[0] for p in _SHIMS if p.startswith(prefix)}
        return sorted(set(dir(self._tfdb_target)) | own)


class _SubmoduleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``from tfdata_bridge.compat.v1.train import batch`` (or ``import tfdata_bridge.compat.v1.train``) gets the
    shim's own submodule, as ``tf.train`` does. Without it the import system found TensorFlow's ``train`` package
    through the shim's forwarded ``__path__``, imported a second copy of it under the shim's name and set it as
    the shim's ``train`` attribute: that name, and ``tf.train.*`` for the rest of the program, were TensorFlow's
    own queue APIs, the drop-in bypassed without a word."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        for root_name, root in list(_roots.items()):
            if not fullname.startswith(root_name + "."):
                continue
            module: Any = root
            parts = fullname[len(root_name) + 1:].split(".")
            for part in parts:
                module = getattr(module, part, None)
                if not isinstance(module, types.ModuleType):
                    return None  # (not a module: the import fails as TensorFlow's would)
            if not isinstance(module, ShimModule):  # a TensorFlow module with no shim below: forwarded as it is
                module = ShimModule(fullname, module, ".".join(parts), root)
            elif module.__name__ != fullname:
                return None  # (another name of a shim module, ``compat.v1.compat.v1``: left as it was)
            spec = importlib.util.spec_from_loader(fullname, self)
            spec.loader_state = module
            return spec
        return None

    def create_module(self, spec: Any) -> Any:
        return spec.loader_state

    def exec_module(self, module: Any) -> None:
        return None


_roots: dict[str, ShimModule] = {}
_finder = _SubmoduleFinder()


def install(module_name: str, target: types.ModuleType) -> ShimModule:
    """Replace the module being imported as ``module_name`` by a shim module over ``target``."""
    shim = ShimModule(module_name, target)
    shim.__file__ = getattr(sys.modules.get(module_name), "__file__", None)
    sys.modules[module_name] = shim
    _roots[module_name] = shim
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)
    return shim

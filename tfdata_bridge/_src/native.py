"""``is_native``: whether a pipeline runs without Python and without legacy queue machinery.

A pipeline is native when nothing in it calls back into Python (``PyFunc``, ``EagerPyFunc``: what
``py_func``, ``numpy_function``, ``py_function`` and ``Dataset.from_generator`` run) and no
TensorFlow queue or reader op is in it. Such a pipeline runs wholly in tf.data's C++ threads, is
never held up by the GIL, and can be serialized (tf.data service, ``tf.distribute``).

It looks at the ops a pipeline is made of, following every function they call (map functions, the
dataset factory of a one-shot iterator, ``tf.cond`` branches): of a ``tf.data.Dataset``, of the graph
tensors a drop-in ``tf.train.batch`` returned (and everything they are computed from), or of a whole
``tf.Graph``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.tf import tf

PYTHON_OPS = op_types.PY_FUNC_OPS
LEGACY_OPS = op_types.LEGACY_OPS


@dataclass(frozen=True)
class NativeReport:
    """What ``native_report`` found: the Python ops and the legacy queue or reader ops, as ``name (type)``."""

    python_ops: tuple[str, ...]
    legacy_ops: tuple[str, ...]

    @property
    def native(self) -> bool:
        return not self.python_ops and not self.legacy_ops


def is_native(pipeline: Any) -> bool:
    """True when ``pipeline`` (a ``tf.data.Dataset``, graph tensors or ops, or a ``tf.Graph``) holds no
    Python op and no legacy queue or reader op; see ``native_report`` for what it found."""
    return native_report(pipeline).native


def native_report(pipeline: Any) -> NativeReport:
    """The Python ops and legacy queue/reader ops in ``pipeline`` (see ``is_native``)."""
    if isinstance(pipeline, tf.data.Dataset):
        graph_def = tf_private.dataset_graph_def(pipeline)
        return _report(graph_def.node, {f.signature.name: f for f in graph_def.library.function})
    if isinstance(pipeline, tf.Graph):
        graph_def = pipeline.as_graph_def()
        return _report(graph_def.node, {f.signature.name: f for f in graph_def.library.function})
    items = pipeline if isinstance(pipeline, (list, tuple)) else [pipeline]
    items = [x for item in items for x in (item.values() if isinstance(item, dict) else [item])]
    if not items:
        raise ValueError("native_report() needs a tf.data.Dataset, graph tensors or ops, or a tf.Graph; got nothing")
    for x in items:
        if not hasattr(x, "graph"):  # an eager tensor has no graph (its .graph raises AttributeError)
            raise TypeError(f"native_report() takes a tf.data.Dataset, graph tensors or ops, or a tf.Graph; got "
                            f"{type(x).__name__}; for an eager pipeline pass its dataset")
    graph = items[0].graph
    nodes = [op.node_def for op in _ops_behind(items)]
    return _report(nodes, {f.signature.name: f for f in graph.as_graph_def().library.function})


def _ops_behind(items: list[Any]) -> list[Any]:
    """Every op the given tensors or ops are computed from (inputs and control inputs)."""
    stack = [x if isinstance(x, tf.Operation) else x.op for item in items for x in _components(item)]
    seen: dict[str, Any] = {}
    while stack:
        op = stack.pop()
        if op.name in seen:
            continue
        seen[op.name] = op
        stack.extend(t.op for t in op.inputs)
        stack.extend(op.control_inputs)
    return list(seen.values())


def _components(item: Any) -> list[Any]:
    if isinstance(item, tf.SparseTensor):
        return [item.indices, item.values, item.dense_shape]
    return [item]


def _report(nodes: Iterable[Any], library: dict[str, Any]) -> NativeReport:
    python: list[str] = []
    legacy: list[str] = []
    done: set[str] = set()

    def visit(node_list: Iterable[Any]) -> None:
        for node in node_list:
            if node.op in PYTHON_OPS:
                python.append(f"{node.name} ({node.op})")
            elif node.op in LEGACY_OPS:
                legacy.append(f"{node.name} ({node.op})")
            for name in _called(node, library):
                if name not in done:
                    done.add(name)
                    visit(library[name].node_def)

    visit(nodes)
    return NativeReport(tuple(dict.fromkeys(python)), tuple(dict.fromkeys(legacy)))


def _called(node: Any, library: dict[str, Any]) -> list[str]:
    names = [node.op] if node.op in library else []
    for attr in node.attr.values():
        if attr.func.name:
            names.append(attr.func.name)
        names.extend(f.name for f in attr.list.func)
    return [n for n in names if n in library]

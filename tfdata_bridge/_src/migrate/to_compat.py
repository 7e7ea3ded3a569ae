"""``rewrite(source, to="compat")``: the smallest change that runs legacy code through the drop-in.

The TensorFlow import(s) through which the file reaches a queue API become ``tfdata_bridge.compat.v1``;
every other byte stays as it was:

- ``import tensorflow.compat.v1 as tf`` -> ``import tfdata_bridge.compat.v1 as tf``
- ``from tensorflow.compat import v1 as tf`` -> ``from tfdata_bridge.compat import v1 as tf``
- ``from tensorflow.compat.v1 import train`` -> ``from tfdata_bridge.compat.v1 import train``
- TensorFlow 1.x code, ``import tensorflow as tf`` + ``tf.train.batch`` -> ``import tfdata_bridge.compat.v1 as tf``
  (``from tensorflow import train`` -> ``from tfdata_bridge.compat.v1 import train``)
- TensorFlow 2 code reaching the queue APIs as ``tf.compat.v1.<api>``: those uses become
  ``tfdata_bridge.compat.v1.<api>`` and ``import tfdata_bridge.compat.v1`` is added after the TensorFlow import.

A function imported on its own (``from tensorflow.compat.v1.train import batch``) is left, with a note.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider

from tfdata_bridge._src.migrate.names import qualified, resolve
from tfdata_bridge._src.migrate.results import Note

DROPIN = "tfdata_bridge.compat.v1"


def _root(node: cst.BaseExpression) -> cst.Name | None:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node if isinstance(node, cst.Name) else None


def _dotted(expr: cst.BaseExpression) -> str:
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        return f"{_dotted(expr.value)}.{expr.attr.value}"
    return ""


def _attr_chain(dotted: str) -> cst.Attribute | cst.Name:
    parts = dotted.split(".")
    node: cst.Attribute | cst.Name = cst.Name(parts[0])
    for part in parts[1:]:
        node = cst.Attribute(node, cst.Name(part))
    return node


class _Routes(cst.CSTVisitor):
    """Which imported names lead to queue APIs, and how."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self) -> None:
        super().__init__()
        self.swap: dict[str, str] = {}  # bound name -> what its import becomes ("tfdata_bridge.compat.v1", ...)
        self.v1_attrs: set[cst.Attribute] = set()  # `tf.compat.v1` nodes to point at the drop-in
        self.notes: list[Note] = []

    def _visit_use(self, node: cst.Name | cst.Attribute) -> bool:
        if resolve(self, node) is None:
            return True
        root = _root(node)
        line = self.get_metadata(PositionProvider, node).start.line
        if root is None:
            return False
        root_q = qualified(self, root)
        if "tensorflow.compat.v1" in root_q or "tensorflow.compat" in root_q:
            self.swap[root.value] = "compat"
        elif "tensorflow" in root_q:
            inner = node
            while isinstance(inner, cst.Attribute) and "tensorflow.compat.v1" not in qualified(self, inner):
                inner = inner.value
            if isinstance(inner, cst.Attribute):
                self.v1_attrs.add(inner)
            else:
                self.swap[root.value] = "tf1"
        elif any(q.startswith("tensorflow.compat.v1.") and q.count(".") == 3 for q in root_q) or any(
            q.startswith("tensorflow.") and q.count(".") == 1 for q in root_q
        ):
            self.swap[root.value] = "module"  # from tensorflow[.compat.v1] import train
        else:
            self.notes.append(Note(line, f"`{root.value}` is imported on its own from TensorFlow; import its "
                                         f"module from {DROPIN} instead (`from {DROPIN} import train`)"))
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return self._visit_use(node)

    def visit_Name(self, node: cst.Name) -> bool:
        return self._visit_use(node)

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


class _Rewriter(cst.CSTTransformer):
    def __init__(self, routes: _Routes) -> None:
        super().__init__()
        self.routes = routes
        self.import_after: cst.CSTNode | None = None  # the module-level statement importing tensorflow

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        names = []
        for alias in updated.names:
            module = _dotted(alias.name)
            bound = alias.asname.name.value if alias.asname and isinstance(alias.asname.name, cst.Name) else \
                module.split(".")[0]
            how = self.routes.swap.get(bound)
            if alias.asname and (
                (module == "tensorflow.compat.v1" and how == "compat") or (module == "tensorflow" and how == "tf1")
            ):
                alias = alias.with_changes(name=_attr_chain(DROPIN))
            names.append(alias)
        return updated.with_changes(names=names)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        if updated.relative or updated.module is None or isinstance(updated.names, cst.ImportStar):
            return updated
        module = _dotted(updated.module)
        bound = {
            (a.asname.name.value if a.asname and isinstance(a.asname.name, cst.Name) else _dotted(a.name))
            for a in updated.names
        }
        hows = {self.routes.swap.get(b) for b in bound}
        if module == "tensorflow.compat" and "compat" in hows:
            return updated.with_changes(module=_attr_chain("tfdata_bridge.compat"))
        if module == "tensorflow.compat.v1" and hows & {"compat", "module"}:
            return updated.with_changes(module=_attr_chain(DROPIN))
        if module == "tensorflow" and "module" in hows:
            return updated.with_changes(module=_attr_chain(DROPIN))
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.BaseExpression) -> cst.BaseExpression:
        if original in self.routes.v1_attrs:
            return _attr_chain(DROPIN)
        return updated


def _with_dropin_import(module: cst.Module) -> cst.Module:
    """Add ``import tfdata_bridge.compat.v1`` after the last module-level TensorFlow import."""
    at = None
    for i, stmt in enumerate(module.body):
        if isinstance(stmt, cst.SimpleStatementLine) and any(
            (isinstance(s, cst.Import) and any(_dotted(a.name).startswith("tensorflow") for a in s.names))
            or (isinstance(s, cst.ImportFrom) and s.module is not None
                and _dotted(s.module).startswith("tensorflow"))
            for s in stmt.body
        ):
            at = i
    new = cst.parse_statement(f"import {DROPIN}\n")
    if at is None:
        return module.with_changes(body=(new, *module.body))
    return module.with_changes(body=(*module.body[: at + 1], new, *module.body[at + 1:]))


def to_compat(module: cst.Module) -> tuple[cst.Module, list[Note]]:
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    routes = _Routes()
    wrapper.visit(routes)
    out = wrapper.module.visit(_Rewriter(routes))
    if routes.v1_attrs:
        out = _with_dropin_import(out)
    return out, routes.notes

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

- A use reached through TensorFlow's own modules (``from tensorflow.python.training import input as tf_input``
  + ``tf_input.batch``; ``from tensorflow.python.ops.data_flow_ops import FIFOQueue``) or a function imported
  on its own (``from tensorflow.compat.v1.train import batch``) becomes ``tfdata_bridge.compat.v1.<api>``
  (``import tfdata_bridge.compat.v1`` added), with a note: those imports cannot be pointed at the drop-in.
- ``from tensorflow[.compat.v1] import *`` -> ``from tfdata_bridge.compat.v1 import *``
- In a file so converted, a session class still TensorFlow's (``tf.compat.v1.Session()`` where the file keeps
  ``import tensorflow as tf``, ``from tensorflow.python.client.session import Session``, ...) becomes
  ``tfdata_bridge.compat.v1.<path>``, with a note (``compat_sessions.py``).

A converted entry point (a file with an ``if __name__ == "__main__":`` block) of TensorFlow 1.x style code
(not one reaching ``tf.compat.v1`` from TensorFlow 2 code) that never sets the execution mode gets
``tf.disable_eager_execution()`` after its imports, with a note: TensorFlow 2 runs eagerly, and the queue
APIs build a graph.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.calls import code_of, dotted, wrapped
from tfdata_bridge._src.migrate.compat_sessions import dropin_sessions
from tfdata_bridge._src.migrate.names import QualifiedNames, qualified, resolve
from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.walk import Visitor

DROPIN = "tfdata_bridge.compat.v1"
_INTERNAL = ("tensorflow.python.", "tensorflow.contrib.", "tf_slim.")  # modules the drop-in does not mirror


def _root(node: cst.BaseExpression) -> cst.Name | None:
    while isinstance(node, (cst.Attribute, cst.Call)):
        node = node.value if isinstance(node, cst.Attribute) else node.func
    return node if isinstance(node, cst.Name) else None


def _attr_chain(dotted: str) -> cst.Attribute | cst.Name:
    parts = dotted.split(".")
    node: cst.Attribute | cst.Name = cst.Name(parts[0])
    for part in parts[1:]:
        node = cst.Attribute(node, cst.Name(part))
    return node


class _Routes(Visitor):
    """Which imported names lead to queue APIs, and how."""

    METADATA_DEPENDENCIES = (QualifiedNames, PositionProvider)

    def __init__(self) -> None:
        super().__init__()
        self.swap: dict[str, str] = {}  # bound name -> what its import becomes ("tfdata_bridge.compat.v1", ...)
        self.v1_attrs: set[cst.Attribute] = set()  # `tf.compat.v1` nodes to point at the drop-in
        self.uses: dict[cst.CSTNode, str] = {}  # uses to replace by `tfdata_bridge.compat.v1.<path>`
        self.stars = False  # a star import of TensorFlow brings a queue API
        self.notes: list[Note] = []

    def _visit_use(self, node: cst.Name | cst.Attribute) -> bool:
        hit = resolve(self, node)
        if hit is None or hit[1].zero_input:
            return True
        path, sym = hit
        root = _root(node)
        line = self.get_metadata(PositionProvider, node).start.line
        if root is None:
            return False
        root_q = qualified(self, root)
        if any(q.startswith(_INTERNAL) for q in qualified(self, node)):
            self._replace(node, path, sym, line, f"`{root.value}` reaches it through TensorFlow's own modules")
        elif "tensorflow.compat.v1" in root_q or "tensorflow.compat" in root_q:
            self.swap[root.value] = "compat"
        elif "tensorflow" in root_q:
            inner = node
            while isinstance(inner, (cst.Attribute, cst.Call)) and "tensorflow.compat.v1" not in qualified(self, inner):
                inner = inner.value if isinstance(inner, cst.Attribute) else inner.func
            if isinstance(inner, cst.Attribute):
                self.v1_attrs.add(inner)
            else:
                self.swap[root.value] = "tf1"
        elif self.star_imports and root.value not in self.explicit and \
                {f"tensorflow.compat.v1.{root.value}", f"tensorflow.{root.value}"} & root_q:
            self.stars = True  # the name comes from `from tensorflow[.compat.v1] import *`
        elif any(q.startswith("tensorflow.compat.v1.") and q.count(".") == 3 for q in root_q) or any(
            q.startswith("tensorflow.") and q.count(".") == 1 for q in root_q
        ):
            self.swap[root.value] = "module"  # from tensorflow[.compat.v1] import train
        else:
            self._replace(node, path, sym, line, f"`{root.value}` is imported on its own from TensorFlow")
        return False

    def _replace(self, node: cst.CSTNode, path: str, sym, line: int, why: str) -> None:
        if "()" in path or sym.to_tfdata == "kept" or path.startswith("tf_slim."):
            return  # what starts runners stays TensorFlow's: the drop-in's runners serve it
        self.uses[node] = path
        self.notes.append(Note(line, f"{why}; this use now names `{DROPIN}.{path}`", kind="info"))

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return self._visit_use(node)

    def visit_Name(self, node: cst.Name) -> bool:
        return self._visit_use(node)

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        if isinstance(node.names, cst.ImportStar) and node.module is not None and not node.relative and \
                dotted(node.module) in ("tensorflow", "tensorflow.compat.v1"):
            self.star_imports.append(node)
        return False

    def visit_Module(self, node: cst.Module) -> None:
        self.star_imports: list[cst.ImportFrom] = []
        self.explicit = _imported_names(node)


def _imported_names(module: cst.Module) -> set[str]:
    """Every name an ``import`` or ``from ... import name`` binds anywhere in the module."""
    found: set[str] = set()

    class _V(Visitor):
        def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
            if node.asname is not None and isinstance(node.asname.name, cst.Name):
                found.add(node.asname.name.value)
            else:
                found.add(dotted(node.name).split(".")[0])

    module.visit(_V())
    return found


class _Rewriter(cst.CSTTransformer):
    def __init__(self, routes: _Routes, star: set[cst.ImportFrom]) -> None:
        super().__init__()
        self.routes = routes
        self.star = star
        self.import_after: cst.CSTNode | None = None  # the module-level statement importing tensorflow

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        names = []
        for alias in updated.names:
            module = dotted(alias.name)
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
        if isinstance(updated.names, cst.ImportStar) and original in self.star:
            return updated.with_changes(module=_attr_chain(DROPIN))
        if updated.relative or updated.module is None or isinstance(updated.names, cst.ImportStar):
            return updated
        module = dotted(updated.module)
        bound = {
            (a.asname.name.value if a.asname and isinstance(a.asname.name, cst.Name) else dotted(a.name))
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
        if original in self.routes.uses:
            return _attr_chain(f"{DROPIN}.{self.routes.uses[original]}").with_changes(
                lpar=original.lpar, rpar=original.rpar)
        return updated

    def leave_Name(self, original: cst.Name, updated: cst.BaseExpression) -> cst.BaseExpression:
        if original in self.routes.uses:
            return _attr_chain(f"{DROPIN}.{self.routes.uses[original]}")
        return updated


def _with_dropin_import(module: cst.Module) -> cst.Module:
    """Add ``import tfdata_bridge.compat.v1`` after the last module-level TensorFlow import."""
    at = None
    for i, stmt in enumerate(module.body):
        if isinstance(stmt, cst.SimpleStatementLine) and any(
            (isinstance(s, cst.Import) and any(dotted(a.name).startswith("tensorflow") for a in s.names))
            or (isinstance(s, cst.ImportFrom) and s.module is not None
                and dotted(s.module).startswith("tensorflow"))
            for s in stmt.body
        ):
            at = i
    new = cst.parse_statement(f"import {DROPIN}\n")
    if at is None:
        return module.with_changes(body=(new, *module.body))
    return module.with_changes(body=(*module.body[: at + 1], new, *module.body[at + 1:]))


_SETS_MODE = re.compile(r"\b(?:disable_eager_execution|enable_eager_execution|disable_v2_behavior|enable_v2_behavior)\b")
_MAIN = re.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]\s*:", re.MULTILINE)


def _with_graph_mode(module: cst.Module, routes: _Routes) -> tuple[cst.Module, Note | None]:
    """``<alias>.disable_eager_execution()`` after the imports of a converted TF1-style entry point."""
    code = code_of(module)
    converted = [name for name, how in routes.swap.items() if how in ("compat", "tf1")]
    if not (converted or routes.uses or routes.stars) or _SETS_MODE.search(code) or not _MAIN.search(code):
        return module, None
    call = f"{converted[0]}.disable_eager_execution()" if converted else \
        f"{DROPIN}.disable_eager_execution()" if routes.uses else "disable_eager_execution()"
    marks = [i for i, stmt in enumerate(module.body) if "tfdata_bridge" in module.code_for_node(stmt)]
    if not marks:
        return module, None
    imports = [i for i, stmt in enumerate(module.body) if isinstance(stmt, cst.SimpleStatementLine)
               and any(isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)]
    at = max([*marks, *(i for i in imports if i > marks[-1] and all(j in imports for j in range(marks[-1], i)))])
    comment = "  # TensorFlow 2 runs eagerly; the queue APIs build a graph"
    stmt = cst.parse_statement(f"{call}{comment}\n")
    out = module.with_changes(body=(*module.body[: at + 1], stmt, *module.body[at + 1:]))
    line = out.code.splitlines().index(f"{call}{comment}") + 1
    note = Note(line, f"added `{call}` after the imports: this entry point never set the execution mode, "
                      "and TensorFlow 2 runs eagerly, where the queue APIs refuse", kind="info")
    return out, note


def to_compat(module: cst.Module, star_imported_by: str | None = None) -> tuple[cst.Module, list[Note]]:
    """The drop-in's form of ``module``. ``star_imported_by`` (a module's name): ``module`` uses no queue API, but
    that converted module star-imports it (``from .ops import *``), which would rebind the importer's ``tf`` to
    TensorFlow's own: its ``tensorflow.compat.v1`` imports become the drop-in's too (the drop-in passes every
    other name through to TensorFlow)."""
    wrapper = wrapped(module)
    routes = _Routes()
    wrapper.visit(routes)
    if star_imported_by is not None:
        swapped = set(routes.swap)
        for stmt in module.body:
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Import):
                    routes.swap.update({a.asname.name.value: "compat" for a in small.names if a.asname and isinstance(
                        a.asname.name, cst.Name) and dotted(a.name) == "tensorflow.compat.v1"})
                elif isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative and \
                        dotted(small.module) == "tensorflow.compat" and not isinstance(small.names, cst.ImportStar):
                    routes.swap.update({(a.asname.name.value if a.asname else "v1"): "compat" for a in small.names
                                        if dotted(a.name) == "v1"})
        if set(routes.swap) != swapped:
            routes.notes.append(Note(1, f"its TensorFlow import now names the drop-in: `{star_imported_by}` "
                                        "runs through the drop-in and star-imports this module, whose `tf` would "
                                        "otherwise replace the drop-in's there", kind="info"))
    star = set(routes.star_imports) if routes.stars else set()
    out = wrapper.module.visit(_Rewriter(routes, star))
    notes = list(routes.notes)
    if not out.deep_equals(module):  # a converted file: its sessions become the drop-in's (compat_sessions.py)
        out, session_notes = dropin_sessions(out)
        notes += session_notes
    else:
        session_notes = []
    if routes.v1_attrs or routes.uses or session_notes:
        out = _with_dropin_import(out)
    if not routes.v1_attrs:
        out, note = _with_graph_mode(out, routes)
        if note is not None:
            notes.append(note)
    return out, notes

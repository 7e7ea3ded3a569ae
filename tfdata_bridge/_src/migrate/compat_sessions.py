"""``--to compat``: in a file it converts, every session class that is still TensorFlow's becomes the drop-in's.

The drop-in decides some things about the graph before its first run (a source with several consumers becomes
one shared stream). Its ``Session``, ``InteractiveSession``, monitored sessions and ``train.Supervisor`` do that
first; TensorFlow's own would run the graph as built (``compat/first_run_probe.py`` then raises at
``start_queue_runners``, and a ``Supervisor`` of TensorFlow's delivered every element once per consumer). The
import rewrite of ``to_compat`` leaves some session classes TensorFlow's: ``tf.compat.v1.Session()`` where a
TensorFlow 2 file keeps ``import tensorflow as tf``; a session class imported on its own (``from
tensorflow.compat.v1 import Session``, ``from tensorflow.python.client.session import Session``, ``from
tensorflow.python.training.monitored_session import MonitoredSession``); an alias of TensorFlow that reaches no
queue API; ``tf.compat.v1.Session`` through an alias turned into the drop-in (whose ``compat`` is TensorFlow's).

So after the import rewrite the converted module is resolved again (``QualifiedNames``: by what each name
means, through imports and assignments, not by spelling), and each use of a session class that still means
TensorFlow's becomes ``tfdata_bridge.compat.v1.<path>``, with a note. A file the rewrite did not convert is
left as it is: its sessions run no drop-in pipeline of its own.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.names import QualifiedNames, qualified, table_path
from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.calls import wrapped
from tfdata_bridge._src.migrate.walk import Visitor

DROPIN = "tfdata_bridge.compat.v1"
# paths under tf.compat.v1 of the session classes the drop-in has its own of
SESSIONS = frozenset({"Session", "InteractiveSession", "train.MonitoredSession", "train.MonitoredTrainingSession",
                      "train.SingularMonitoredSession", "train.Supervisor"})
# where TensorFlow defines those that ``names.table_path`` does not map (it maps the training modules)
_CLIENT = "tensorflow.python.client.session."


def session_path(names: set[str]) -> tuple[str, bool] | None:
    """``(path, dropin)`` for the qualified ``names`` of a session class (``dropin``: the drop-in's), else None."""
    for name in sorted(names):
        if name.startswith(DROPIN + "."):
            rest = name[len(DROPIN) + 1:]
            if rest in SESSIONS:
                return rest, True
            name = "tensorflow." + rest  # (the drop-in's `compat` is TensorFlow's: `tf.compat.v1.Session`)
        path = name[len(_CLIENT):] if name.startswith(_CLIENT) else table_path(name)
        if path in SESSIONS:
            return path, False
    return None


class _Find(Visitor):
    """The outermost Name or Attribute of each use of TensorFlow's own session class."""

    METADATA_DEPENDENCIES = (QualifiedNames, PositionProvider)

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[cst.CSTNode, str] = {}
        self.notes: list[Note] = []

    def _use(self, node: cst.Name | cst.Attribute) -> bool:
        hit = session_path(qualified(self, node))
        if hit is None:
            return True
        path, dropin = hit
        if not dropin:
            self.found[node] = path
            line = self.get_metadata(PositionProvider, node).start.line
            self.notes.append(Note(line, f"TensorFlow's own `{path}` would run the graph before the drop-in shares an "
                                         "input producer between its consumers (each would read every element); "
                                         f"this use now names `{DROPIN}.{path}`", kind="info"))
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return self._use(node)

    def visit_Name(self, node: cst.Name) -> bool:
        return self._use(node)

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


def _chain(dotted: str) -> cst.Attribute | cst.Name:
    parts = dotted.split(".")
    node: cst.Attribute | cst.Name = cst.Name(parts[0])
    for part in parts[1:]:
        node = cst.Attribute(node, cst.Name(part))
    return node


class _Replace(cst.CSTTransformer):
    def __init__(self, found: dict[cst.CSTNode, str]) -> None:
        super().__init__()
        self.found = found

    def leave_Attribute(self, original: cst.Attribute, updated: cst.BaseExpression) -> cst.BaseExpression:
        if original in self.found:
            return _chain(f"{DROPIN}.{self.found[original]}").with_changes(lpar=original.lpar, rpar=original.rpar)
        return updated

    def leave_Name(self, original: cst.Name, updated: cst.BaseExpression) -> cst.BaseExpression:
        if original in self.found:
            return _chain(f"{DROPIN}.{self.found[original]}").with_changes(lpar=original.lpar, rpar=original.rpar)
        return updated


def dropin_sessions(module: cst.Module) -> tuple[cst.Module, list[Note]]:
    """``module`` (already converted) with each use of TensorFlow's own session classes naming the drop-in's,
    and the notes saying so; whether ``import tfdata_bridge.compat.v1`` is needed is the caller's."""
    wrapper = wrapped(module)
    find = _Find()
    wrapper.visit(find)
    if not find.found:
        return module, []
    return wrapper.module.visit(_Replace(find.found)), find.notes

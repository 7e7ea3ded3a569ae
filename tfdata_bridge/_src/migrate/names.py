"""Qualified names -> entries of the mapping table.

A reference counts when libcst's ``QualifiedNameProvider`` resolves it, through the file's imports, to
``tensorflow.compat.v1.<path>`` or (TensorFlow 1.x spelling) ``tensorflow.<path>`` for a ``<path>`` in
``symbols.BY_PATH``. Names in strings and comments never resolve; a local variable called ``tf`` does not
resolve to an import.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource

from tfdata_bridge._src.symbols import BY_PATH, LegacySymbol

_PREFIXES = ("tensorflow.compat.v1.", "tensorflow.")


def legacy_symbol(qualified: str) -> tuple[str, LegacySymbol] | None:
    """``("train.batch", entry)`` for ``"tensorflow.compat.v1.train.batch"``; None for anything else."""
    for prefix in _PREFIXES:
        if qualified.startswith(prefix):
            path = qualified[len(prefix):]
            sym = BY_PATH.get(path)
            if sym is not None:
                return path, sym
    return None


def resolve(visitor: cst.MetadataDependent, node: cst.CSTNode) -> tuple[str, LegacySymbol] | None:
    """The table entry ``node`` (a Name or Attribute) refers to through an import, if any."""
    for qname in visitor.get_metadata(QualifiedNameProvider, node, set()):
        if qname.source is QualifiedNameSource.IMPORT:
            hit = legacy_symbol(qname.name)
            if hit is not None:
                return hit
    return None


def qualified(visitor: cst.MetadataDependent, node: cst.CSTNode) -> set[str]:
    """The imported qualified names of ``node`` (empty for locals, builtins and literals)."""
    return {
        q.name for q in visitor.get_metadata(QualifiedNameProvider, node, set())
        if q.source is QualifiedNameSource.IMPORT
    }

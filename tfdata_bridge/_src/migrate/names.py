"""Qualified names -> entries of the mapping table, for ``scan`` (over ``ast``) and the codemods (over libcst).

A reference counts when it resolves (``fast_names``: imports, star imports, assignments, in one linear pass)
to ``tensorflow.compat.v1.<path>``, ``tensorflow.<path>`` (TensorFlow 1.x spelling) or one of TensorFlow's
own modules that define the queue APIs (``tensorflow.python.training.input.batch`` is ``train.batch``,
``tensorflow.python.ops.data_flow_ops.FIFOQueue`` is ``FIFOQueue``) for a ``<path>`` in ``symbols.BY_PATH``.
Names in strings and comments never resolve; a local variable called ``tf`` does not resolve to an import.

``QualifiedNames`` gives libcst visitors the same answers as ``scan``: it resolves the module once with
``fast_names`` and hands each Name, Attribute and Call its qualified names by position, so a codemod costs
time linear in the file (libcst's own ``QualifiedNameProvider`` looks at every binding of a name for each
use of it: quadratic for a name assigned many times).
"""

from __future__ import annotations

import ast
import re

import libcst as cst
from libcst.metadata import BatchableMetadataProvider, PositionProvider

from tfdata_bridge._src.migrate.fast_names import Resolver, chain_text, walk
from tfdata_bridge._src.symbols import BY_PATH, LegacySymbol

# TensorFlow's modules that define queue APIs -> where tf.compat.v1 shows them (relative to tf.compat.v1)
INTERNAL_MODULES: dict[str, str] = {
    "tensorflow.python.training.input.": "train.",
    "tensorflow.python.training.queue_runner_impl.": "train.",
    "tensorflow.python.training.queue_runner.": "train.",
    "tensorflow.python.training.coordinator.": "train.",
    "tensorflow.python.training.supervisor.": "train.",
    "tensorflow.python.training.monitored_session.": "train.",
    "tensorflow.python.training.training.": "train.",
    "tensorflow.python.ops.data_flow_ops.": "",
    "tensorflow.python.ops.io_ops.": "",
    "tensorflow.python.ops.script_ops.": "",
    "tensorflow.contrib.slim.": "tf_slim.",
    "tf_slim.": "tf_slim.",
}
_PREFIXES = ("tensorflow.compat.v1.", "tensorflow.compat.v2.compat.v1.", "tensorflow.")
# modules whose star import brings queue APIs into a file
STAR_MODULES = frozenset({p[:-1] for p in (*INTERNAL_MODULES, *_PREFIXES)} | {"tensorflow.compat.v1.train",
                                                                              "tensorflow.train"})


def table_path(qualified: str) -> str | None:
    """``"train.batch"`` for ``"tensorflow.compat.v1.train.batch"`` or ``"tensorflow.python.training.input.
    batch"``: the path relative to ``tf.compat.v1`` (None when it is not under TensorFlow)."""
    for prefix, to in INTERNAL_MODULES.items():
        if qualified.startswith(prefix):
            return to + qualified[len(prefix):]
    for prefix in _PREFIXES:
        if qualified.startswith(prefix):
            return qualified[len(prefix):]
    return None


def legacy_symbol(qualified: str) -> tuple[str, LegacySymbol] | None:
    """``("train.batch", entry)`` for ``"tensorflow.compat.v1.train.batch"``; None for anything else."""
    path = table_path(qualified)
    sym = BY_PATH.get(path) if path is not None else None
    return (path, sym) if sym is not None else None


def first_symbol(names: set[str] | frozenset[str]) -> tuple[str, LegacySymbol] | None:
    return next((h for h in map(legacy_symbol, sorted(names)) if h is not None), None)


_NEWLINES = re.compile(r"\r\n|\r|\n")


def char_columns(source: str) -> list[str]:
    """The source's lines as ``ast`` numbers them (``\\r\\n``, ``\\r``, ``\\n``), to turn its UTF-8 byte
    columns into character columns (``char_column``)."""
    return _NEWLINES.split(source)


def char_column(lines: list[str], line: int, byte_col: int) -> int:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    if text.isascii():
        return byte_col
    return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="replace"))


def looked_up_apis(module: str, starts: str = "", ends: str = "", exact: bool = False) -> list[str]:
    """The queue-pipeline APIs (paths of ``symbols.BY_PATH`` rewritten with their pipeline) that
    ``getattr(<module>, name)`` may give, ``module`` relative to ``tf.compat.v1`` (``""``, ``"train"``): the
    name is ``starts`` itself where ``exact``, else any name that starts with ``starts`` and ends with ``ends``
    (the constant parts of ``"shuffle_" + kind`` or ``f"{kind}_batch"``). A name of a module that holds queue
    APIs (``getattr(tf, "train")``) gives them all. Empty for ``getattr(tf.train, opt + "Optimizer")``."""
    prefix = f"{module}." if module else ""
    found = []
    for key, sym in BY_PATH.items():
        if sym.to_tfdata != "pipeline" or not key.startswith(prefix):
            continue
        first = key[len(prefix):].split(".", 1)[0]
        if first == starts if exact else (len(first) >= len(starts) + len(ends) and first.startswith(starts)
                                          and first.endswith(ends)):
            found.append(key)
    return sorted(found)


def lookup_pattern(node: ast.expr) -> tuple[str, str, bool]:
    """``(starts, ends, exact)`` of a ``getattr`` name written in ``ast`` (``looked_up_apis``): a string is
    itself (``(s, s, True)``); ``+`` and f-strings keep their constant ends; anything else may be any name."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, node.value, True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        (ls, le, lx), (rs, re_, rx) = lookup_pattern(node.left), lookup_pattern(node.right)
        if lx and rx:
            return ls + rs, ls + rs, True
        return (ls + rs if lx else ls), (le + re_ if rx else re_), False
    if isinstance(node, ast.JoinedStr):
        parts = [lookup_pattern(v) if isinstance(v, ast.Constant) else ("", "", False) for v in node.values]
        if all(x for _, _, x in parts):
            text = "".join(s for s, _, _ in parts)
            return text, text, True
        return (parts[0][0] if parts[0][2] else ""), (parts[-1][1] if parts[-1][2] else ""), False
    return "", "", False


def _root(node: ast.expr) -> ast.Name | None:
    while isinstance(node, (ast.Attribute, ast.Call)):
        node = node.value if isinstance(node, ast.Attribute) else node.func
    return node if isinstance(node, ast.Name) else None


def _cst_root(node: cst.CSTNode) -> cst.Name | None:
    while isinstance(node, (cst.Attribute, cst.Call)):
        node = node.value if isinstance(node, cst.Attribute) else node.func
    return node if isinstance(node, cst.Name) else None


def _cst_chain(node: cst.CSTNode) -> str | None:
    parts: list[str] = []
    while isinstance(node, (cst.Attribute, cst.Call)):
        if isinstance(node, cst.Attribute):
            parts.append("." + node.attr.value)
            node = node.value
        else:
            parts.append("()")
            node = node.func
    return node.value + "".join(reversed(parts)) if isinstance(node, cst.Name) else None


class QualifiedNames(BatchableMetadataProvider[frozenset]):
    """Each Name, Attribute and Call chain of a module -> the qualified names it means (``fast_names``);
    nothing for nodes that mean nothing imported. Linear in the size of the module."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def visit_Module(self, node: cst.Module) -> None:
        source = node.code
        tree = ast.parse(source)
        resolver = Resolver(tree)
        lines = char_columns(source)
        self._index: dict[tuple[int, int, str], frozenset[str]] = {}
        interesting = resolver.interesting()  # a root no import reaches means nothing: not resolved at all
        for n in walk(tree):
            if isinstance(n, (ast.Attribute, ast.Call)) or (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)):
                root = _root(n)
                names = resolver.names_of(n) if root is not None and root.id in interesting else None
                text = chain_text(n) if names else None
                if text is not None:
                    col = char_column(lines, root.lineno, root.col_offset)
                    self._index[(root.lineno, col, text)] = frozenset(names)

    def _set(self, node: cst.Name | cst.Attribute | cst.Call) -> None:
        root = _cst_root(node)
        text = _cst_chain(node) if root is not None else None
        if text is None:
            return
        start = self.get_metadata(PositionProvider, root).start
        names = self._index.get((start.line, start.column, text))
        if names:
            self.set_metadata(node, names)

    def visit_Name(self, node: cst.Name) -> None:
        self._set(node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._set(node)

    def visit_Call(self, node: cst.Call) -> None:
        self._set(node)


def resolve(visitor: cst.MetadataDependent, node: cst.CSTNode) -> tuple[str, LegacySymbol] | None:
    """The table entry ``node`` (a Name or Attribute) refers to, if any (the visitor depends on
    ``QualifiedNames``)."""
    return first_symbol(visitor.get_metadata(QualifiedNames, node, frozenset()))


def qualified(visitor: cst.MetadataDependent, node: cst.CSTNode) -> set[str]:
    """The qualified names of ``node`` through imports (empty for locals, builtins and literals)."""
    return set(visitor.get_metadata(QualifiedNames, node, frozenset()))

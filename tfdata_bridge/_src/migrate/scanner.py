"""``scan``: every use of a legacy queue-pipeline API, by qualified name, with what becomes of it."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterable, Sequence

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider

from tfdata_bridge._src.migrate.files import python_files
from tfdata_bridge._src.migrate.fast_names import imported_references, inner_of
from tfdata_bridge._src.migrate.names import legacy_symbol, resolve
from tfdata_bridge._src.migrate.pipelines import REWRITTEN
from tfdata_bridge._src.migrate.results import FileError, Finding, ScanReport
from tfdata_bridge._src.migrate.sources import error_text as parse_error_text
from tfdata_bridge._src.migrate.sources import load_source
from tfdata_bridge._src.symbols import BY_PATH, LegacySymbol


def dropin_text(sym: LegacySymbol) -> str:
    """What the drop-in (``tfdata_bridge.compat.v1``) does with the API."""
    if sym.shim is None:
        return "TensorFlow's own, unchanged"
    return f"compiled into tf.data: {sym.chain}"


def tfdata_text(sym: LegacySymbol) -> str:
    """What ``migrate --to tfdata`` does with the API."""
    if sym.to_tfdata == "plumbing":
        return "removed where nothing else uses it; otherwise left (harmless without queue runners)"
    if sym.to_tfdata == "kept":
        return "left as it is"
    if sym.name not in REWRITTEN:
        return "left, with the reason: not rewritten yet; `migrate --to compat` runs it through the drop-in"
    return "rewritten with its pipeline into tf.data where the pipeline is recognised; otherwise left, with the reason"


def canonical(path: str) -> str:
    return f"tf.compat.v1.{path}"


class _Finder(cst.CSTVisitor):
    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self, path: str, module: cst.Module) -> None:
        super().__init__()
        self.path = path
        self.module = module
        self.findings: list[Finding] = []

    def _check(self, node: cst.Name | cst.Attribute) -> bool:
        hit = resolve(self, node)
        if hit is None:
            return True
        path, sym = hit
        pos = self.get_metadata(PositionProvider, node).start
        self.findings.append(Finding(
            self.path, pos.line, pos.column + 1, canonical(sym.name), self.module.code_for_node(node),
            dropin_text(sym), tfdata_text(sym),
        ))
        return False  # the parts of a matched chain are not findings of their own

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return self._check(node)

    def visit_Name(self, node: cst.Name) -> bool:
        return self._check(node)

    def visit_Import(self, node: cst.Import) -> bool:
        return False  # importing a name is not a use of it

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


# Any reference to a table API spells its last name somewhere (in the attribute chain, or in the import that
# binds it), so a file that holds none of these words and no "tensorflow" holds no finding: not parsed at all.
_LAST_NAMES = re.compile(r"\b(?:" + "|".join(sorted({p.rsplit(".", 1)[-1] for p in BY_PATH})) + r")\b")


def might_hold_findings(source: str) -> bool:
    return "tensorflow" in source and _LAST_NAMES.search(source) is not None


def scan_source(source: str, path: str = "<string>") -> tuple[Finding, ...]:
    """The findings in one source text; raises ``SyntaxError`` when it does not parse.

    Names are resolved with Python's ``ast`` (``fast_names``), which means the same as libcst's
    ``QualifiedNameProvider`` (``scan_source_cst``, used by the tests to check it) at a tenth of the cost."""
    tree = ast.parse(source, path)  # also says when a file does not parse: CPython's parser is fast
    if not might_hold_findings(source):
        return ()
    lines = source.splitlines()
    findings: list[Finding] = []
    skip: set[int] = set()
    for node, names in imported_references(tree):
        if id(node) in skip:
            continue
        hit = next((h for h in map(legacy_symbol, sorted(names)) if h is not None), None)
        if hit is None:
            continue
        skip.update(id(n) for n in inner_of(node))
        _, sym = hit
        line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
        column = len(line.encode("utf-8")[: node.col_offset].decode("utf-8", errors="replace")) + 1
        spelled = ast.get_source_segment(source, node) or ""
        findings.append(Finding(path, node.lineno, column, canonical(sym.name), spelled, dropin_text(sym),
                                tfdata_text(sym)))
    return tuple(sorted(findings, key=lambda f: (f.line, f.column)))


def scan_source_cst(source: str, path: str = "<string>") -> tuple[Finding, ...]:
    """``scan_source`` through libcst's ``QualifiedNameProvider``; raises ``libcst.ParserSyntaxError``."""
    if not might_hold_findings(source):
        return ()
    module = cst.parse_module(source)
    finder = _Finder(path, module)
    MetadataWrapper(module, unsafe_skip_copy=True).visit(finder)
    return tuple(sorted(finder.findings, key=lambda f: (f.line, f.column)))


def read_source(path: str) -> str:
    """The Python text of the file at ``path``, decoded as Python decodes it (``sources.load_source``)."""
    return load_source(path).text


def scan_paths(
    paths: Iterable[str | os.PathLike[str]],
    excludes: Sequence[str] = (),
    progress: Callable[[list[str]], Iterable[str]] | None = None,
) -> ScanReport:
    """Scan every Python file under ``paths``; ``progress`` wraps the file list (a progress bar)."""
    errors: list[FileError] = []  # unreadable folders first, as the walk meets them; then files
    files = list(python_files(paths, excludes, on_error=lambda p, e: errors.append(FileError(p, parse_error_text(e)))))
    findings: list[Finding] = []
    for path in progress(files) if progress else files:
        try:
            findings.extend(load_source(path).scan(scan_source))  # a notebook's findings name their cell
        except (cst.ParserSyntaxError, SyntaxError, UnicodeDecodeError, OSError, ValueError) as exc:
            errors.append(FileError(path, parse_error_text(exc)))
    return ScanReport(tuple(findings), tuple(errors), len(files))

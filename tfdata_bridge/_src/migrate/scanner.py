"""``scan``: every use of a legacy queue-pipeline API, by qualified name, with what becomes of it."""

from __future__ import annotations

import ast
import functools
import os
import re
from dataclasses import replace
from collections.abc import Callable, Iterable, Iterator, Sequence

import libcst as cst
from libcst.metadata import PositionProvider, QualifiedNameProvider, QualifiedNameSource

from tfdata_bridge._src.migrate.elide import set_aside
from tfdata_bridge._src.migrate.fast_names import Resolver, inner_of, references, walk
from tfdata_bridge._src.migrate.files import python_files
from tfdata_bridge._src.migrate.names import (STAR_MODULES, char_column, char_columns, first_symbol, legacy_symbol,
                                             looked_up_apis, lookup_pattern, table_path)
from tfdata_bridge._src.migrate import outcomes as outcomes_of
from tfdata_bridge._src.migrate.outcomes import site_outcomes
from tfdata_bridge._src.migrate.results import FileError, Finding, ScanReport
from tfdata_bridge._src.migrate.plumbing import STOP_FLAG
from tfdata_bridge._src.migrate.sources import error_text as parse_error_text
from tfdata_bridge._src.migrate.sources import load_source
from tfdata_bridge._src.symbols import BY_PATH, SYMBOLS, LegacySymbol, canonical
from tfdata_bridge._src.migrate.calls import wrapped
from tfdata_bridge._src.migrate.walk import Visitor


def dropin_text(sym: LegacySymbol) -> str:
    """What the drop-in (``tfdata_bridge.compat.v1``) does with the API."""
    if sym.dropin:
        return sym.dropin
    if sym.shim is None:
        return "TensorFlow's own, unchanged"
    return f"compiled into tf.data: {sym.chain}"


def tfdata_text(sym: LegacySymbol) -> str:
    """What ``migrate --to tfdata`` does with the API in general (``scan_paths`` says it per site)."""
    if sym.to_tfdata == "plumbing":
        return "removed where nothing else uses it; otherwise left (harmless without queue runners)"
    if sym.to_tfdata == "kept":
        return "left as it is"
    if not sym.rewritten:
        return "left, with the reason: not rewritten yet; `migrate --to compat` runs it through the drop-in"
    return "rewritten with its pipeline into tf.data where the pipeline is recognised; otherwise left, with the reason"


STAR_DROPIN = "every name it brings resolves through it; `migrate --to compat` points it at the drop-in"


class _Finder(Visitor):
    """The reference resolution (libcst's ``QualifiedNameProvider``: imports only, every binding in the
    scope counting), which the tests hold ``fast_names`` to where the two mean the same."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self, path: str, module: cst.Module) -> None:
        super().__init__()
        self.path = path
        self.module = module
        self.findings: list[Finding] = []

    def _check(self, node: cst.Name | cst.Attribute) -> bool:
        hit = next((h for q in self.get_metadata(QualifiedNameProvider, node, set())
                    if q.source is QualifiedNameSource.IMPORT and (h := legacy_symbol(q.name)) is not None), None)
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
# binds it), or star-imports a TensorFlow module, so a file that holds none of these words and neither
# "tensorflow" nor "tf_slim" holds no finding: not resolved at all (``getattr`` may look one up by name).
_LAST_NAMES = re.compile(r"\b(?:" + "|".join(sorted({p.rsplit(".", 1)[-1] for p in BY_PATH}))
                         + r")\b|\bimport\s+\*|\bgetattr\b")


def might_hold_findings(source: str) -> bool:
    return ("tensorflow" in source or "tf_slim" in source) and _LAST_NAMES.search(source) is not None


def _segment(lines: list[str], node: ast.AST) -> str:
    """``ast.get_source_segment`` without splitting the whole source again for each node."""
    first, last = node.lineno - 1, node.end_lineno - 1
    if first < 0 or last >= len(lines):
        return ""
    if first == last:
        return lines[first].encode("utf-8")[node.col_offset:node.end_col_offset].decode("utf-8", "replace")
    parts = [lines[first].encode("utf-8")[node.col_offset:].decode("utf-8", "replace"), *lines[first + 1:last],
             lines[last].encode("utf-8")[:node.end_col_offset].decode("utf-8", "replace")]
    return "\n".join(parts)


def _no_inputs(call: ast.Call, sym: LegacySymbol) -> bool:
    """A ``py_func(func, [], Tout)`` call: ``inp`` is an empty list or tuple."""
    inp = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "inp"), None)
    return isinstance(inp, (ast.List, ast.Tuple)) and not inp.elts


def scan_source(source: str, path: str = "<string>", outcomes: bool = False,
                tree: ast.Module | None = None, keep_stop_flags: bool = False) -> tuple[Finding, ...]:
    """The findings in one source text; raises ``SyntaxError`` when it does not parse.

    Names are resolved with Python's ``ast`` (``fast_names``) in one linear pass. With ``outcomes`` the
    recognizer runs on the source and each finding's ``tfdata`` says what ``migrate --to tfdata`` does at
    that site (``outcomes.site_outcomes``); without, what it does with the API in general. ``tree``: the
    source's ``ast``, where the caller has it already."""
    if tree is None:
        tree = ast.parse(source, path)  # also says when a file does not parse: CPython's parser is fast
    if not might_hold_findings(source):
        return ()
    aside = set_aside(source, tree)  # a huge module: the statements tied by no name to an import hold no finding
    if aside is not None:
        tree = ast.Module(body=[s for s, out in zip(tree.body, aside) if not out], type_ignores=[])
    lines = char_columns(source)
    findings: list[Finding] = []
    skip: set[int] = set()
    nodes = walk(tree)  # one walk for everything below (each node before its parts)
    calls = {id(n.func): n for n in nodes if isinstance(n, ast.Call)}

    def add(node: ast.AST, api: str, dropin: str, tfdata: str) -> None:
        column = char_column(lines, node.lineno, node.col_offset) + 1
        spelled = _segment(lines, node)
        findings.append(Finding(path, node.lineno, column, api, spelled, dropin, tfdata))

    resolver = Resolver(tree)
    for node, names in references(tree, resolver, nodes):
        if id(node) in skip:
            continue
        hit = first_symbol(names)
        if hit is None:
            continue
        _, sym = hit
        if sym.zero_input and not (id(node) in calls and _no_inputs(calls[id(node)], sym)):
            continue
        skip.update(id(n) for n in inner_of(node))
        add(node, canonical(sym.name), dropin_text(sym), tfdata_text(sym))
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in STAR_MODULES and any(
                a.name == "*" for a in node.names):
            add(node, f"from {node.module} import *", STAR_DROPIN, "left as it is")
    looked_up = list(_looked_up(nodes, resolver, add, lines, path))
    out = tuple(sorted(findings, key=lambda f: (f.line, f.column)))
    if not keep_stop_flags and out:  # a Coordinator only used as a loop's stop flag is no queue use (stop_flags)
        flags = _stop_flags(tree, out)
        out = tuple(f for f in out if (f.line, f.column) not in flags)
    out = site_outcomes(source, out) if outcomes and out else out
    return tuple(sorted((*out, *looked_up), key=lambda f: (f.line, f.column))) if looked_up else out


def _looked_up(nodes: list[ast.AST], resolver: Resolver, add: Callable[..., None], lines: list[str],
               path: str) -> Iterator[Finding]:
    """``getattr(tf.train, name)`` where the name may be a queue API (``names.looked_up_apis``): a use scan
    cannot name and migrate cannot see (it keeps the queue runners, ``plumbing._dynamic_api``). A constant
    name is the API itself, found like any other use."""
    for node in nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                and len(node.args) >= 2 and not resolver.is_bound(node.func)):
            continue
        module = next((p.rstrip(".") for q in sorted(resolver.names_of(node.args[0], chains_only=False))
                       if (p := table_path(q + ".")) is not None), None)
        if module is None:
            continue
        starts, ends, exact = lookup_pattern(node.args[1])
        apis = looked_up_apis(module, starts, ends, exact)
        if not apis:
            continue
        if exact and apis == [f"{module}.{starts}" if module else starts]:
            add(node, canonical(BY_PATH[apis[0]].name), dropin_text(BY_PATH[apis[0]]), tfdata_text(BY_PATH[apis[0]]))
            continue
        shown = ", ".join(f"`{a}`" for a in apis[:3]) + (f" and {len(apis) - 3} more" if len(apis) > 3 else "")
        column = char_column(lines, node.lineno, node.col_offset) + 1
        yield Finding(
            path, node.lineno, column, f"getattr({canonical(module) if module else 'tf.compat.v1'}, ...)",
            _segment(lines, node), "the drop-in's API of that name (its queue APIs run on tf.data)",
            f"left: a queue API chosen by name at run time ({shown} among them), which migrate cannot see: it "
            "keeps the queue runners; `migrate --to compat` runs it through the drop-in")


def scan_source_cst(source: str, path: str = "<string>") -> tuple[Finding, ...]:
    """``scan_source`` through libcst's ``QualifiedNameProvider``; raises ``libcst.ParserSyntaxError``."""
    if not might_hold_findings(source):
        return ()
    module = cst.parse_module(source)
    finder = _Finder(path, module)
    wrapped(module).visit(finder)
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
    from tfdata_bridge._src.migrate.rewriting import links

    errors: list[FileError] = []  # unreadable folders first, as the walk meets them; then files
    files = list(python_files(paths, excludes, on_error=lambda p, e: errors.append(FileError(p, parse_error_text(e)))))
    per_file: list[tuple[str, str | None, tuple[Finding, ...]]] = []  # (path, its text if a module, findings)
    linked: dict[str, str] = {}  # modules with no finding that migrate's tree holds (``rewriting.links``)
    for path in progress(files) if progress else files:
        try:
            src = load_source(path)
            if src.notebook is not None:  # a notebook's findings name their cell, and it is its own tree
                per_file.append((path, None, src.scan(lambda text, where: scan_source(text, where, outcomes=True))))
            elif found := src.scan(functools.partial(scan_source, keep_stop_flags=True)):
                per_file.append((path, src.text, found))
            elif links(src.text, path):
                linked[path] = src.text
        except (cst.ParserSyntaxError, SyntaxError, UnicodeDecodeError, OSError, ValueError) as exc:
            errors.append(FileError(path, parse_error_text(exc)))
    if per_file:  # (a plain module of constants a module of the tree imports: migrate's tree holds it too)
        from tfdata_bridge._src.migrate.rewriting import _imported_plain, _importers_plain

        held = {p: t for p, t, _ in per_file if t is not None} | linked
        linked.update(_imported_plain([str(f) for f in files], held))
        linked.update(_importers_plain([str(f) for f in files], {**held, **linked}))
    findings = [f for found in _with_outcomes(per_file, linked) for f in found]
    flags = stop_flags(per_file)
    if flags:  # a Coordinator used as a loop's stop flag in a file with no runners: not a queue API use
        findings = [f for f in findings if (f.path, f.line, f.column) not in flags]
    flagged = tuple(replace(f, tfdata=f"kept: {STOP_FLAG}") for found in (x[2] for x in per_file) for f in found
                    if (f.path, f.line, f.column) in flags)
    if findings and all(f.api in SESSION_STARTERS for f in findings):
        # nothing left for them to start: a monitored session or Supervisor kept for its hooks, checkpoints or
        # summaries is a training loop, not a queue pipeline (a file scanned alone may still serve another's)
        return ScanReport((), tuple(errors), len(files), idle_starters=tuple(findings), stop_flags=flagged)
    return ScanReport(tuple(findings), tuple(errors), len(files), stop_flags=flagged)


COORDINATOR = canonical("train.Coordinator")


def stop_flags(per_file: list[tuple[str, str | None, tuple[Finding, ...]]]) -> set[tuple[str, int, int]]:
    """``(path, line, column)`` of the findings of ``per_file`` that are only a loop's stop flag (``_stop_flags``)."""
    out: set[tuple[str, int, int]] = set()
    for path, text, found in per_file:
        if text is not None and found and all(f.api == COORDINATOR for f in found):
            out |= {(f.path, line, column) for f in found for line, column in _stop_flags(ast.parse(text), found)
                    if (f.line, f.column) == (line, column)}
    return out


def _stop_flags(tree: ast.Module, found: Sequence[Finding]) -> set[tuple[int, int]]:
    """``(line, column)`` of the Coordinators that are only a loop's stop flag: in a module whose other findings
    are none (no queue, no runner start), bound once to a name by ``name = Coordinator()`` and read only as
    ``name.should_stop()``, ``name.request_stop(...)``, ``with name.stop_on_exception():``, ``name.join(...)``
    and the like (never passed on, stored or returned). It starts and stops no runner: a plain Python object of
    ``tf.compat.v1.train`` that TensorFlow 2 runs as it is, so no legacy queue use."""
    from tfdata_bridge._src.migrate.plumbing import STOP_FLAG_METHODS

    if not found or any(f.api != COORDINATOR for f in found):
        return set()
    made: dict[str, list[int]] = {}  # name -> lines of ``name = <Coordinator>()``
    asked: set[int] = set()  # ids of the Name nodes read as ``name.method(...)``
    names: dict[str, list[ast.Name]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call) and not node.value.args and not node.value.keywords:
            made.setdefault(node.targets[0].id, []).append(node.value.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.attr in STOP_FLAG_METHODS:
            asked.add(id(node.func.value))
        elif isinstance(node, ast.Name):
            names.setdefault(node.id, []).append(node)
    out: set[tuple[int, int]] = set()
    for f in found:
        bound = [n for n, lines in made.items() if lines == [f.line]]
        if len(bound) != 1:
            continue
        uses = names.get(bound[0], [])
        stores = [n for n in uses if isinstance(n.ctx, ast.Store)]
        if len(stores) == 1 and all(id(n) in asked for n in uses if n is not stores[0]):
            out.add((f.line, f.column))
    return out


def _with_outcomes(per_file: list[tuple[str, str | None, tuple[Finding, ...]]], linked: dict[str, str] | None = None
                   ) -> Iterator[tuple[Finding, ...]]:
    """Each file's findings with what ``migrate --to tfdata`` does at each site. The modules are rewritten
    together, as ``migrate`` rewrites them (a pipeline may use a reader helper of another module), so the
    MIGRATE column of a site that a rewrite across modules takes says so. A module over ``MAX_LINES`` is left
    out, as ``site_outcomes`` says of its sites."""
    from tfdata_bridge._src.migrate.rewriting import rewrite_together

    modules = {path: text for path, text, found in per_file  # migrate's modules, less any too long
               if text is not None and text.count("\n") < outcomes_of.MAX_LINES}
    if modules:  # (and those that link them, as migrate's tree holds them)
        modules.update((p, t) for p, t in (linked or {}).items() if t.count("\n") < outcomes_of.MAX_LINES)
    together = rewrite_together(modules)
    for path, text, found in per_file:
        yield found if text is None else site_outcomes(text, found, together.get(path))


# what starts the graph's queue runners as a side effect of running a session or a loop; not the explicit
# ``start_queue_runners`` calls, which have nothing else to do
SESSION_STARTERS = frozenset(
    canonical(s.name) for s in SYMBOLS if s.starts_runners and not s.name.endswith("start_queue_runners"))

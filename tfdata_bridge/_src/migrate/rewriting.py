"""``rewrite``: one source text to its migrated form, and ``rewrite_file``: one file, read as Python reads it
(its encoding, a BOM, a notebook's code cells) and, with ``write=True``, written back the same way, atomically
and through a symbolic link."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping

import libcst as cst

from tfdata_bridge._src.migrate.collection_pause import fewer_collections
from tfdata_bridge._src.migrate.elide import elide as elide_module
from tfdata_bridge._src.migrate.hidden_queues import with_hidden_queues
from tfdata_bridge._src.migrate.legacy_divisions import keep_legacy_divisions
from tfdata_bridge._src.migrate.results import RewriteResult, Target
from tfdata_bridge._src.migrate.scanner import read_source, scan_source
from tfdata_bridge._src.migrate.sources import SourceError, error_text, load_source, write_atomically


@fewer_collections
def _rewrite(source: str, to: Target, describe: Callable[[SyntaxError | cst.ParserSyntaxError], str],
             elide: bool = True) -> RewriteResult:
    if to not in ("compat", "tfdata"):
        raise ValueError(f"to={to!r} is not a migration target; use to='compat' or to='tfdata'")
    try:
        # CPython's parser names the line scan names (libcst's position is where its parser gave up, often lines
        # later), and its ast resolution finds what libcst's would (tests/migrate/test_scan.py checks they agree): a
        # file with no legacy API use has nothing to rewrite, and libcst (~100x the cost) never reads it
        tree = ast.parse(source, "<string>")
        findings = scan_source(source, tree=tree)
        if not findings:
            return with_hidden_queues(RewriteResult(source, source, to)) if to == "tfdata" else \
                RewriteResult(source, source, to)
    except SyntaxError as exc:
        return RewriteResult(source, source, to, error=describe(exc))
    except ValueError as exc:  # "source code string cannot contain null bytes"
        return RewriteResult(source, source, to, error=describe(SyntaxError(str(exc), ("<string>", 1, 1, ""))))
    # libcst reads only what a rewrite can touch: the statements tied to nothing of it are set aside (elide)
    elided = elide_module(source, tree) if elide else None
    try:
        module = cst.parse_module(elided.text if elided is not None else source)
    except cst.ParserSyntaxError as exc:  # Python parses it, libcst does not
        if elided is not None:
            return _rewrite(source, to, describe, elide=False)
        return RewriteResult(source, source, to, error=describe(exc))
    if to == "compat":
        from tfdata_bridge._src.migrate.to_compat import to_compat

        out, notes = to_compat(module)
    else:
        from tfdata_bridge._src.migrate.to_tfdata import to_tfdata
        from tfdata_bridge._src.migrate.unseen_calls import unseen_call

        # (code of another module of the project, which this rewrite of one file cannot read, may start runners)
        out, notes = to_tfdata(module, keep_plumbing=unseen_call(tree, {f.line for f in findings}))
    code = out.code if elided is None else elided.restore(out.code)
    if code is None:  # a placeholder did not come through whole: the whole module, then
        return _rewrite(source, to, describe, elide=False)
    if to == "tfdata":  # the divisions tf.data now runs, as legacy's session computed them
        code = keep_legacy_divisions(source, code)
    result = RewriteResult(source, code, to, tuple(sorted(notes, key=lambda n: n.line)))
    return with_hidden_queues(result) if to == "tfdata" else result


def _rewrite_one(source: str, to: Target, describe: Callable[[SyntaxError | cst.ParserSyntaxError], str]
                 ) -> RewriteResult:
    """``_rewrite_one_plain``, where ``--to tfdata`` with a queue shown only by debugging output (``print(queue)``)
    taken out before and given back, or replaced by the dataset, after (``printed_queues.py``)."""
    if to != "tfdata":
        return _rewrite_one_plain(source, to, describe)
    from tfdata_bridge._src.migrate.printed_queues import with_printed_queues

    return with_printed_queues({"": source}, lambda texts: {"": _rewrite_one_plain(texts[""], to, describe)})[""]


def _rewrite_one_plain(source: str, to: Target, describe: Callable[[SyntaxError | cst.ParserSyntaxError], str]
                       ) -> RewriteResult:
    """``_rewrite``, where ``--to tfdata`` with a batch made on every call of a method whose source it makes only
    in a branch written into the branch and its iterator kept on ``self`` (``first_tower.py``), and the nested
    functions of an ``if``/``else`` making a pipeline written where the code after it calls them
    (``closure_branches.py``), and pipeline stages bound to names by lambdas written where they are called
    (``lambda_stages.py``)."""
    if to != "tfdata":
        return _rewrite(source, to, describe)
    from tfdata_bridge._src.migrate.closure_branches import with_closure_branches
    from tfdata_bridge._src.migrate.first_tower import with_first_towers
    from tfdata_bridge._src.migrate.lambda_stages import with_lambda_stages
    from tfdata_bridge._src.migrate.tree import through

    passes = (with_lambda_stages,) if "if " not in source else \
        (with_lambda_stages, with_closure_branches, with_first_towers)
    return through(passes, {"": source}, lambda texts: {"": _rewrite(texts[""], to, describe)})[""]


def _check_fallback(to: Target, fallback: Target | None) -> None:
    if fallback not in (None, "compat") or (fallback is not None and to != "tfdata"):
        raise ValueError(f"fallback={fallback!r} with to={to!r}: the only fallback is fallback='compat', "
                         "for to='tfdata'")


def _with_fallback(result: RewriteResult, fallback: Target | None) -> RewriteResult:
    if fallback is None:
        return result
    from tfdata_bridge._src.migrate.fallback import with_fallback

    return with_fallback(result)


def rewrite(source: str, to: Target = "compat", fallback: Target | None = None) -> RewriteResult:
    """The migrated form of ``source``; a source that does not parse comes back unchanged, with ``error``.
    ``fallback="compat"`` (with ``to="tfdata"``): a file whose pipelines were not all rewritten also goes
    through the drop-in, so it still runs (``fallback.with_fallback``)."""
    _check_fallback(to, fallback)
    return _with_fallback(_rewrite_one(source, to, error_text), fallback)


def rewrite_file(path: str, to: Target = "compat", write: bool = False,
                 fallback: Target | None = None, _rewritten: RewriteResult | None = None) -> RewriteResult:
    """``rewrite`` of the file at ``path``; with ``write=True`` a changed result replaces it atomically.

    The file is decoded as Python decodes it and written back in the same encoding (a BOM kept); a symbolic
    link is written through to its target. A ``.ipynb`` is rewritten as its code cells joined, and ``source``
    and ``code`` are then the notebook's JSON before and after; notes carry the cell. A file that cannot be
    read, parsed or written back comes back with ``error`` and is left as it was."""
    _check_fallback(to, fallback)
    try:
        src = load_source(path)
    except (OSError, SourceError) as exc:
        return RewriteResult("", "", to, error=error_text(exc))
    if _rewritten is None or _rewritten.source != src.text:  # (rewrite_files' result for this very text)
        _rewritten = _rewrite_one(src.text, to, src.parse_error_text)
    result = _with_fallback(_rewritten, fallback)
    before = src.file_text if src.notebook is not None else src.text
    notes = src.place_notes(result.notes)
    if result.error is not None or not result.changed:
        return RewriteResult(before, before, to, notes, result.error)
    try:
        data = src.encode(result.code)
    except SourceError as exc:
        return RewriteResult(before, before, to, notes, error=str(exc))
    after = data.decode("utf-8").removeprefix("\ufeff") if src.notebook is not None else result.code
    if write and after != before:
        try:
            write_atomically(src.target, data)
        except OSError as exc:
            return RewriteResult(before, before, to, notes,
                                 error=f"cannot be written, left as it was: {exc}; make its folder writable "
                                       f"or --exclude it")
    return RewriteResult(before, after, to, notes, fallback=result.fallback)


def rewrite_files(paths: Iterable[str], to: Target = "compat", write: bool = False,
                  fallback: Target | None = None) -> Iterator[tuple[str, RewriteResult]]:
    """``(path, rewrite_file(path, ...))`` for each of ``paths``. With ``to="tfdata"`` the Python files that use
    a legacy API are rewritten together (``tree.rewrite_tree``), so a pipeline may use a reader helper of
    another of them (``from readers import read_and_decode``); module names count from the folder above each
    file's outermost package (``__init__.py``)."""
    paths = list(paths)
    together: dict[str, RewriteResult] = {}
    if to == "tfdata" and len(paths) > 1:  # (one file is its own tree: not scanned twice)
        texts: dict[str, str] = {}
        for path in paths:
            try:
                src = load_source(path)
                if src.notebook is None and (scan_source(src.text) or links(src.text, path)):
                    texts[path] = src.text
            except (OSError, SourceError, SyntaxError, ValueError):
                continue  # rewrite_file reports it
        texts.update(_imported_plain(paths, texts))
        texts.update(_importers_plain(paths, texts))
        together = rewrite_together(texts)
    if to == "compat" and len(paths) > 1:
        together = _star_imported_compat(paths)
    for path in paths:
        yield path, rewrite_file(path, to, write=write, fallback=fallback, _rewritten=together.get(path))


def _star_imported_compat(paths: list[str]) -> dict[str, RewriteResult]:
    """``--to compat`` of the modules of ``paths`` that use no queue API but that a converted module (or one of
    these, in turn) star-imports (``from .ops import *``, ``from pkg.ops import *``): their
    ``tensorflow.compat.v1`` imports become the drop-in's, so the star import does not put TensorFlow's own
    ``tf`` back in the importer (its reader would then be TensorFlow's, reading the drop-in's file queue)."""
    from tfdata_bridge._src.migrate.to_compat import to_compat

    by_name: dict[str, str] = {}
    texts: dict[str, str] = {}
    for path in paths:
        if not path.endswith(".py"):
            continue
        rel = os.path.relpath(os.path.abspath(path), _package_root(path))[:-3].replace(os.sep, ".")
        by_name[rel.removesuffix(".__init__")] = path
    names = {path: name for name, path in by_name.items()}

    def text(path: str) -> str | None:
        if path not in texts:
            try:
                src = load_source(path)
                texts[path] = src.text if src.notebook is None else ""
            except (OSError, SourceError, ValueError):
                texts[path] = ""
        return texts[path] or None

    def stars(path: str) -> list[str]:
        try:
            tree = ast.parse(text(path) or "")
        except (SyntaxError, ValueError):
            return []
        name = names[path]
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        out = []
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and [a.name for a in node.names] == ["*"]:
                base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
                target = ".".join([p for p in base if p] + ([node.module] if node.module else []))
                if target in by_name and by_name[target] != path:
                    out.append(by_name[target])
        return out

    converted = [p for p in names if text(p) is not None and scan_source(text(p))]
    forced: dict[str, str] = {}
    todo = [(p, names[p]) for p in converted]
    while todo:
        importer, importer_name = todo.pop()
        for target in stars(importer):
            if target not in forced and target not in converted and "tensorflow" in (text(target) or ""):
                forced[target] = importer_name
                todo.append((target, importer_name))
    out = {}
    for path, importer in forced.items():
        try:
            module = cst.parse_module(texts[path])
        except cst.ParserSyntaxError:
            continue
        code, notes = to_compat(module, star_imported_by=importer)
        out[path] = RewriteResult(texts[path], code.code, "compat", tuple(notes))
    return out


def _imported_plain(paths: list[str], texts: Mapping[str, str]) -> dict[str, str]:
    """The other Python modules of ``paths`` that a module of ``texts`` imports by its module name (``from
    lib.labels import TASKS``): constants a pipeline reads (a tuple of task names a comprehension runs over) are
    followed into them, so they belong to the tree, which rewrites nothing in them."""
    out: dict[str, str] = {}
    for path in paths:
        if path in texts or not path.endswith(".py"):
            continue
        rel = os.path.relpath(os.path.abspath(path), _package_root(path))[:-3].replace(os.sep, ".")
        name = rel.removesuffix(".__init__")
        if not name or name == "__init__":
            continue
        pattern = re.compile(rf"^[ \t]*(?:from[ \t]+{re.escape(name)}[ \t]+import|import[ \t]+{re.escape(name)}\b)",
                             re.M)
        if any(pattern.search(t) for t in texts.values()):
            try:
                src = load_source(path)
            except (OSError, SourceError, SyntaxError, ValueError):
                continue
            if src.notebook is None:
                out[path] = src.text
    return out


def _importers_plain(paths: list[str], texts: Mapping[str, str]) -> dict[str, str]:
    """The other Python modules of ``paths`` that import a module of ``texts`` by its name (``from lib import
    batching``, then ``batching.make_batch(value, 2)``): a script that names no TensorFlow API may still call a
    tree's helper or hand one module's tensors to another's, so the tree's passes must see its calls (a helper
    whose callers all change, the runners a module starts for a batch built elsewhere)."""
    import ast

    from libcst.helpers import calculate_module_and_package

    from tfdata_bridge._src.migrate.tree import _imported_names

    held = set()
    for path in texts:
        if path.endswith(".py"):
            name = calculate_module_and_package(_package_root(path), os.path.abspath(path)).name
            held.add(name.removesuffix(".__init__"))
    out: dict[str, str] = {}
    for path in paths:
        if path in texts or not path.endswith(".py"):
            continue
        try:
            src = load_source(path)
            if src.notebook is not None or "import" not in src.text:
                continue
            package = calculate_module_and_package(_package_root(path), os.path.abspath(path)).package
            if held.intersection(_imported_names(ast.parse(src.text), package)):
                out[path] = src.text
        except (OSError, SourceError, SyntaxError, ValueError):
            continue
    return out


def links(text: str, path: str = "") -> bool:
    """A module with no queue API of its own is part of the tree where it may link modules that have one: a
    subclass of a class of the tree, the module through which a program imports a class or a helper (one
    that imports relatively, or a package's ``__init__`` re-exporting what its modules define), or a registry
    of reader functions."""
    from tfdata_bridge._src.migrate.registry_readers import may_register

    return ("tensorflow" in text or "class " in text or reexports(text, path)
            or may_register(text))  # (a reader registry: ``registry_readers``)


_RELATIVE = re.compile(r"^[ \t]*from[ \t]+\.", re.M)
_IMPORTS = re.compile(r"^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t]", re.M)


def reexports(text: str, path: str = "") -> bool:
    """``from .pipeline import trace_batches`` (a relative import), or any import in a package's
    ``__init__.py``: a script may reach a tree's pipeline through it (``import seismic_lib``, then
    ``seismic_lib.trace_batches(...)``), and whether the runners it starts still have a queue to run is
    decided by the modules it reaches (``tree.py``)."""
    if _RELATIVE.search(text):
        return True
    return os.path.basename(path) == "__init__.py" and bool(_IMPORTS.search(text))


def rewrite_together(texts: Mapping[str, str]) -> dict[str, RewriteResult]:
    """``--to tfdata`` of the modules ``{path: text}`` of one tree at once (``tree.rewrite_tree``), so a pipeline
    may use a helper of another of them: ``migrate`` writes these results and ``scan`` reads its MIGRATE column
    from them. Empty for fewer than two modules (one module is rewritten on its own)."""
    if len(texts) < 2:
        return {}
    from tfdata_bridge._src.migrate.tree import rewrite_tree

    return rewrite_tree(texts, root=os.path.commonpath([_package_root(p) for p in texts]))


def _package_root(path: str) -> str:
    """The folder module names of ``path`` count from: above its outermost package."""
    folder = os.path.dirname(os.path.abspath(path))
    while os.path.exists(os.path.join(folder, "__init__.py")) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
    return folder


__all__ = ["read_source", "rewrite", "rewrite_file", "rewrite_files", "write_atomically"]

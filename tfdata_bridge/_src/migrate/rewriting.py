"""``rewrite``: one source text to its migrated form, and ``rewrite_file`` with an atomic write."""

from __future__ import annotations

import os
import tempfile

import libcst as cst

from tfdata_bridge._src.migrate.results import RewriteResult, Target
from tfdata_bridge._src.migrate.scanner import parse_error_text, read_source


def rewrite(source: str, to: Target = "compat", fallback: Target | None = None) -> RewriteResult:
    """The migrated form of ``source``; a source that does not parse comes back unchanged, with ``error``.
    ``fallback="compat"`` (with ``to="tfdata"``): a file whose pipelines were not all rewritten also goes
    through the drop-in, so it still runs (``fallback.with_fallback``)."""
    if to not in ("compat", "tfdata"):
        raise ValueError(f"to={to!r} is not a migration target; use to='compat' or to='tfdata'")
    if fallback not in (None, "compat") or (fallback is not None and to != "tfdata"):
        raise ValueError(f"fallback={fallback!r} with to={to!r}: the only fallback is fallback='compat', "
                         "for to='tfdata'")
    if fallback is not None:
        from tfdata_bridge._src.migrate.fallback import with_fallback

        return with_fallback(rewrite(source, to))
    if "tensorflow" not in source:
        return RewriteResult(source, source, to)
    if to == "compat" and _nothing_to_route(source):
        return RewriteResult(source, source, to)  # scan's linear pass says so, before libcst's costlier one
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        return RewriteResult(source, source, to, error=parse_error_text(exc))
    if to == "compat":
        from tfdata_bridge._src.migrate.to_compat import to_compat

        out, notes = to_compat(module)
    else:
        from tfdata_bridge._src.migrate.to_tfdata import to_tfdata

        out, notes = to_tfdata(module)
    return RewriteResult(source, out.code, to, tuple(sorted(notes, key=lambda n: n.line)))


def _nothing_to_route(source: str) -> bool:
    from tfdata_bridge._src.migrate.scanner import scan_source

    try:
        return not scan_source(source)
    except (SyntaxError, ValueError):
        return False  # libcst's parser says what is wrong


def write_atomically(path: str, text: str) -> None:
    """Replace ``path`` by ``text`` all at once: a temporary file beside it, then ``os.replace``."""
    folder = os.path.dirname(os.path.abspath(path))
    mode = os.stat(path).st_mode & 0o7777
    fd, tmp = tempfile.mkstemp(prefix=".tfdata-bridge-", suffix=".py", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def rewrite_file(path: str, to: Target = "compat", write: bool = False,
                 fallback: Target | None = None) -> RewriteResult:
    """``rewrite`` of the file at ``path``; with ``write=True`` a changed result replaces it atomically."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            source = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        return RewriteResult("", "", to, error=parse_error_text(exc))
    result = rewrite(source, to, fallback)
    if write and result.changed and result.error is None:
        write_atomically(path, result.code)
    return result


__all__ = ["read_source", "rewrite", "rewrite_file", "write_atomically"]

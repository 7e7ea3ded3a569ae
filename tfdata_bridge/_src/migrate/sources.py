"""Source files as Python reads them, and the way back.

``load_source(path)`` decodes a file as the interpreter does (``tokenize.detect_encoding``: a UTF-8 byte-order
mark, a PEP 263 coding declaration, else UTF-8) or, for a ``.ipynb``, joins its code cells (``notebooks``);
``SourceFile.encode`` turns a rewritten text back into the file's bytes in the same encoding (the BOM kept),
refusing what would not read back the same; ``write_atomically`` replaces the real file (through a symbolic
link, never the link itself) all at once. Every failure is a ``SourceError`` whose message names the file's
problem and the fix; nothing here prints.
"""

from __future__ import annotations

import dataclasses
import io
import os
import stat
import tempfile
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.notebooks import Notebook, NotebookError, read_notebook
from tfdata_bridge._src.migrate.results import Finding, Note

NOTEBOOK_SUFFIX = ".ipynb"


class SourceError(ValueError):
    """A file that cannot be read, decoded, parsed or written; its message is the whole report."""


@dataclass(frozen=True)
class SourceFile:
    """One file's Python text, with what it takes to write a new text back the same way."""

    path: str  # as given or found
    target: str  # the file itself (a symbolic link resolved): what a write replaces
    text: str  # the Python source (for a notebook: its code cells joined, IPython magics masked)
    raw: bytes  # the file's bytes as read
    encoding: str  # as tokenize.detect_encoding says: "utf-8", "utf-8-sig" (a BOM), "iso-8859-1", ...
    notebook: Notebook | None = None

    @property
    def file_text(self) -> str:
        """The whole file as text (a notebook's JSON), without a BOM: what a diff of the file shows."""
        return self.raw.decode(self.encoding).removeprefix("\ufeff")

    def where(self, line: int) -> tuple[int | None, int]:
        """(cell, line in the cell) for a line of ``text``; (None, line) for a Python file."""
        return self.notebook.where(line) if self.notebook is not None else (None, line)

    def place_findings(self, findings: Sequence[Finding]) -> tuple[Finding, ...]:
        return tuple(dataclasses.replace(f, cell=cell, line=line)
                     for f in findings for cell, line in [self.where(f.line)])

    def place_notes(self, notes: Sequence[Note]) -> tuple[Note, ...]:
        return tuple(dataclasses.replace(n, cell=cell, line=line) for n in notes for cell, line in [self.where(n.line)])

    def scan(self, scan_source: Callable[[str, str], Sequence[Finding]]) -> tuple[Finding, ...]:
        """``scan_source`` over the text, findings placed in cells; a syntax error becomes a ``SourceError``."""
        try:
            return self.place_findings(scan_source(self.text, self.path))
        except SyntaxError as exc:
            raise SourceError(self.parse_error_text(exc)) from None

    def parse_error_text(self, exc: SyntaxError | cst.ParserSyntaxError) -> str:
        if isinstance(exc, SyntaxError):
            line, column, message = exc.lineno or 0, exc.offset, exc.msg
        else:
            line, column, message = exc.raw_line, exc.raw_column, exc.message
        cell, line = self.where(line)
        at = f"cell {cell}, line {line}" if cell is not None else f"line {line}"
        return f"does not parse ({at}, column {column}): {message}"

    def encode(self, text: str) -> bytes:
        """The file's new bytes for a rewritten ``text``: same encoding (and BOM), or a notebook's JSON."""
        if self.notebook is not None:
            try:
                return self.notebook.with_text(text).encode("utf-8")
            except NotebookError as exc:
                raise SourceError(str(exc)) from None
        try:
            data = text.encode(self.encoding)
        except UnicodeEncodeError as exc:
            raise SourceError(
                f"cannot be written back in its encoding {self.encoding}: the rewrite holds {exc.object[exc.start]!r} "
                f"(line {text.count(chr(10), 0, exc.start) + 1}); left as it was: save it as UTF-8 and run again"
            ) from None
        if _detect(data) != self.encoding:  # a coding declaration moved or changed: it would read back otherwise
            raise SourceError(f"the rewrite would change how Python decodes it ({self.encoding} to "
                              f"{_detect(data)}); left as it was")
        return data


def _detect(data: bytes) -> str:
    return tokenize.detect_encoding(io.BytesIO(data).readline)[0]


def _read(path: str) -> tuple[str, bytes]:
    """(the real path, the bytes) of a regular file; ``SourceError`` for a broken link or a special file."""
    try:
        mode = os.stat(path).st_mode  # OSError: reported by the caller as "cannot be read"
    except FileNotFoundError:
        if os.path.islink(path):
            raise SourceError(f"is a broken symbolic link (to {os.readlink(path)}); fix or remove the link") from None
        raise
    target = os.path.realpath(path) if os.path.islink(path) else path
    if stat.S_ISDIR(mode):
        raise SourceError("is a folder where a file was expected")
    if not stat.S_ISREG(mode):  # a FIFO or a device would block or never end
        raise SourceError("is not a regular file (a pipe, socket or device); pass the file it stands for")
    with open(target, "rb") as f:
        return target, f.read()


def load_source(path: str) -> SourceFile:
    """The file at ``path`` decoded as Python decodes it; a ``.ipynb`` as its code cells joined.

    Raises ``SourceError`` (or ``OSError`` when the file cannot be opened) with the reason."""
    target, raw = _read(path)
    if path.endswith(NOTEBOOK_SUFFIX):
        try:
            notebook = read_notebook(raw)
        except NotebookError as exc:
            raise SourceError(str(exc)) from None
        return SourceFile(path, target, notebook.text, raw, "utf-8", notebook)
    try:
        encoding = _detect(raw)
    except SyntaxError as exc:
        if "invalid or missing" not in exc.msg:  # an unknown encoding, or a BOM beside a non-UTF-8 declaration
            raise SourceError(f"has a coding declaration Python refuses ({exc.msg}); declare a known encoding "
                              f"(`# -*- coding: utf-8 -*-`)") from None
        encoding = "utf-8"  # no declaration, and the first lines are not UTF-8: the decoding below says where
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start:exc.start + 1]
        line = exc.object.count(b"\n", 0, exc.start) + 1
        said = ("as its coding declaration says" if encoding not in ("utf-8", "utf-8-sig")
                else "as Python reads a file without a coding declaration")
        raise SourceError(f"is not {encoding} text {said}: byte {byte!r} on line {line} ({exc.reason}); "
                          f"save it as UTF-8 or declare its encoding (`# -*- coding: latin-1 -*-`)") from None
    if encoding == "utf-8-sig":
        text = text.removeprefix("\ufeff")
    return SourceFile(path, target, text, raw, encoding)


def write_atomically(path: str, data: bytes | str) -> None:
    """Replace the file at ``path`` by ``data`` all at once: a temporary file beside it, then ``os.replace``.

    A symbolic link is written through (its target is replaced, the link stays a link); the file keeps its
    permission bits and, where the process may set them, its owner and group. On any failure the file is as it
    was and the temporary file is gone."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    target = os.path.realpath(path)
    info = os.stat(target)
    fd, tmp = tempfile.mkstemp(prefix=".tfdata-bridge-", suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, stat.S_IMODE(info.st_mode))
        if (info.st_uid, info.st_gid) != (os.stat(tmp).st_uid, os.stat(tmp).st_gid):
            try:
                os.chown(tmp, info.st_uid, info.st_gid)
            except PermissionError:
                pass  # not ours to give away: the file becomes this user's, as an editor's save would make it
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def error_text(exc: BaseException) -> str:
    """The report for a file that could not be read, decoded or parsed (paths say the rest)."""
    if isinstance(exc, SourceError):
        return str(exc)
    if isinstance(exc, cst.ParserSyntaxError):
        return f"does not parse (line {exc.raw_line}, column {exc.raw_column}): {exc.message}"
    if isinstance(exc, SyntaxError):
        return f"does not parse (line {exc.lineno}, column {exc.offset}): {exc.msg}"
    if isinstance(exc, UnicodeDecodeError):
        return f"is not UTF-8 text: {exc}"
    if isinstance(exc, PermissionError):
        return f"cannot be read: permission denied ({exc}); grant read access or --exclude it"
    return f"cannot be read: {exc}"


__all__ = ["NOTEBOOK_SUFFIX", "SourceError", "SourceFile", "error_text", "load_source", "write_atomically"]

"""Jupyter notebooks as Python text and back, as ruff does it: the code cells joined in order, IPython magics
and shell lines masked by placeholder statements, and a rewritten text put back into the cells it came from.

The JSON is read and written with the standard ``json`` module; every field but the changed cells' ``source``
is kept (outputs, metadata, execution counts, cell ids), in the file's own key order, indentation and escaping.
Cells are numbered as the notebook holds them, from 1, markdown cells included.
"""

from __future__ import annotations

import bisect
import copy
import difflib
import json
import re
from dataclasses import dataclass
from typing import Any


class NotebookError(ValueError):
    """A notebook that cannot be read as one, or a rewrite that cannot be put back into its cells."""


# An IPython line that is not Python, at the start of a logical line: a line magic or shell escape (`%pip`,
# `!ls`), help (`?obj`, `obj?`), or an assignment from one (`files = !ls`, `t = %timeit -o f()`).
_MAGIC = re.compile(r"[ \t]*(?:[%!?]|[^#'\"\n]*?[^=!<>:+\-*/%&|^@]=[ \t]*[%!]|[^#'\"\n]*\?[ \t]*$)")
# Cell magics whose body is Python: the first line is masked and the body read; other cell magics (`%%bash`,
# `%%writefile`, `%%html`) hold no Python and their cells are left out.
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
_PLACEHOLDER = "__tfdata_bridge_magic_{}__"
_PLACED = re.compile(r"^([ \t]*)__tfdata_bridge_magic_(\d+)__[ \t]*$")


def _lines(text: str) -> list[str]:
    """``text`` split after each "\\n" (only: a form feed inside a line stays in it)."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _logical_starts(lines: list[str]) -> list[bool]:
    """For each physical line, whether it starts a logical line (not inside brackets, a string or after a
    backslash): only there can an IPython magic be."""
    starts: list[bool] = []
    depth, quote, cont = 0, "", False
    for line in lines:
        start = depth == 0 and not quote and not cont
        starts.append(start)
        cont = False
        if start and _MAGIC.match(line):
            continue
        i = 0
        while i < len(line):
            c = line[i]
            if quote:
                if c == "\\":
                    i += 2
                    continue
                if line.startswith(quote, i):
                    i += len(quote)
                    quote = ""
                    continue
                i += 1
                continue
            if c == "#":
                break
            if c in "'\"":
                quote = line[i:i + 3] if line[i:i + 3] in ("'''", '"""') else c
                i += len(quote)
                continue
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth = max(0, depth - 1)
            elif c == "\\" and line[i + 1:].strip() == "":
                cont = True
            i += 1
        if quote in ("'", '"') and not line.rstrip("\n").endswith("\\"):
            quote = ""  # an unterminated one-line string ends with its line (a syntax error Python reports)
    return starts


@dataclass(frozen=True, eq=False)
class _Cell:
    index: int  # position in the notebook's "cells"
    start: int  # its first line in the joined text, 1-based
    count: int  # how many lines of the joined text it holds
    as_list: bool  # its "source" is a list of lines (else one string)
    ends_with_newline: bool
    cell_magic: int | None  # the placeholder number of a Python cell magic on its first line


@dataclass(frozen=True, eq=False)
class _Style:
    indent: int | None
    ensure_ascii: bool
    final_newline: bool
    bom: bool

    def dump(self, doc: Any) -> str:
        text = json.dumps(doc, indent=self.indent, ensure_ascii=self.ensure_ascii)
        return ("\ufeff" if self.bom else "") + text + ("\n" if self.final_newline else "")


def _style(text: str) -> _Style:
    bom = text.startswith("\ufeff")
    body = text.removeprefix("\ufeff")
    found = re.search(r'\n( *)"', body[:4096])
    return _Style(len(found.group(1)) if found else None, body.isascii(), body.endswith("\n"), bom)


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(s, str) for s in source):
        return "".join(source)
    if isinstance(source, str):
        return source
    raise NotebookError(f"is not a valid notebook: a cell's \"source\" is {type(source).__name__}, "
                        f"not text or a list of lines")


def _language(doc: dict[str, Any]) -> str:
    meta = doc.get("metadata") if isinstance(doc.get("metadata"), dict) else {}
    for key, field in (("kernelspec", "language"), ("language_info", "name")):
        part = meta.get(key)
        if isinstance(part, dict) and isinstance(part.get(field), str):
            return part[field].lower()
    return "python"


@dataclass(frozen=True, eq=False)
class Notebook:
    """A notebook's code cells as one Python text (``text``), and the way back (``with_text``)."""

    doc: dict[str, Any]
    text: str
    cells: tuple[_Cell, ...]
    magics: tuple[str, ...]  # the masked lines, stripped of their indentation, by placeholder number
    style: _Style

    def where(self, line: int) -> tuple[int, int]:
        """(cell number from 1, line in that cell from 1) of a line of ``text``."""
        if not self.cells:
            return 1, line
        at = max(0, bisect.bisect_right([c.start for c in self.cells], line) - 1)
        cell = self.cells[at]
        return cell.index + 1, line - cell.start + 1

    def with_text(self, new_text: str) -> str:
        """The notebook's JSON with ``new_text`` (a rewrite of ``text``) put back into the cells; every line keeps
        the cell it came from, and a line the rewrite added goes with the line before it."""
        old, new = _lines(self.text), _lines(new_text)
        owner = [c for c in self.cells for _ in range(c.count)]
        if not owner:
            if new:
                raise NotebookError("the rewrite added code to a notebook without code cells; left as it was")
            return self.style.dump(self.doc)
        parts: dict[int, list[str]] = {id(c): [] for c in self.cells}
        matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                for k in range(i2 - i1):
                    parts[id(owner[i1 + k])].append(new[j1 + k])
            elif j2 > j1:
                cell = owner[i1] if tag == "replace" else owner[max(0, i1 - 1)]
                parts[id(cell)].extend(new[j1:j2])
        doc = copy.deepcopy(self.doc)
        seen: list[int] = []
        for cell in self.cells:
            lines = [self._unmask(line, seen) for line in parts[id(cell)]]
            if cell.cell_magic is not None and (not lines or lines[0].rstrip("\n") != self.magics[cell.cell_magic]):
                raise NotebookError(f"the rewrite moved the cell magic of cell {cell.index + 1} off its first line; "
                                    f"left as it was")
            source = "".join(lines)
            if not cell.ends_with_newline:
                source = source.removesuffix("\n")
            target = doc["cells"][cell.index]
            if source == _source(target):
                continue
            target["source"] = _lines(source) if cell.as_list else source
        if sorted(seen) != list(range(len(self.magics))):
            raise NotebookError("the rewrite moved or dropped an IPython magic or shell line; left as it was")
        return self.style.dump(doc)

    def _unmask(self, line: str, seen: list[int]) -> str:
        found = _PLACED.match(line.rstrip("\n"))
        if found is None:
            return line
        seen.append(int(found.group(2)))
        return found.group(1) + self.magics[int(found.group(2))] + ("\n" if line.endswith("\n") else "")


def read_notebook(raw: bytes) -> Notebook:
    """The notebook in ``raw`` (a ``.ipynb`` file's bytes); ``NotebookError`` when it is not one."""
    try:
        file_text = raw.decode("utf-8")
        doc = json.loads(file_text.removeprefix("\ufeff"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise NotebookError(f"is not a notebook (not JSON text: {exc}); pass notebooks saved by Jupyter") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("cells"), list):
        version = doc.get("nbformat") if isinstance(doc, dict) else None
        raise NotebookError(f"is not a notebook in nbformat 4 (no \"cells\" list; nbformat {version}); "
                            f"upgrade it with `jupyter nbconvert --to notebook --nbformat 4`")
    style = _style(file_text)
    if _language(doc) != "python":
        return Notebook(doc, "", (), (), style)
    text: list[str] = []
    cells: list[_Cell] = []
    magics: list[str] = []
    line_no = 1
    for index, cell in enumerate(doc["cells"]):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = _source(cell)
        lines = _lines(source)
        cell_magic = None
        if lines and lines[0].startswith("%%"):
            if (lines[0][2:].split() or [""])[0] not in _PYTHON_CELL_MAGICS:
                continue  # %%bash, %%writefile ...: no Python in it
            cell_magic = len(magics)
        starts = _logical_starts(lines)
        for k, line in enumerate(lines):
            if (k == 0 and cell_magic is not None) or (starts[k] and _MAGIC.match(line)):
                indent = line[: len(line) - len(line.lstrip(" \t"))]
                magics.append(line.rstrip("\n")[len(indent):])
                lines[k] = indent + _PLACEHOLDER.format(len(magics) - 1) + "\n"
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        cells.append(_Cell(index, line_no, len(lines), isinstance(cell.get("source"), list),
                           source.endswith("\n"), cell_magic))
        text.extend(lines)
        line_no += len(lines)
    return Notebook(doc, "".join(text), tuple(cells), tuple(magics), style)


def cell_sources(file_text: str) -> list[str | None]:
    """Each cell's source (None for a cell that is not code) of a notebook's JSON text: what a diff compares."""
    doc = json.loads(file_text.removeprefix("\ufeff"))
    return [_source(c) if isinstance(c, dict) and c.get("cell_type") == "code" else None for c in doc["cells"]]


__all__ = ["Notebook", "NotebookError", "cell_sources", "read_notebook"]

"""What ``migrate --to tfdata`` does at each site ``scan`` finds: scan's MIGRATE column comes from running
the recognizer on the file, never from a promise in the mapping table.

``recognize`` is the one place that asks the recognizer; ``site_outcomes`` reads its answer per site: a
site the rewrite left has the reason it gave for that line, a site whose line is gone from the result was
rewritten (or, for plumbing, removed), and any other site is left as it is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from tfdata_bridge._src.migrate.results import Finding, RewriteResult
from tfdata_bridge._src.symbols import BY_PATH

REWRITTEN = "rewritten into tf.data"
REMOVED = "removed (nothing else used it)"
LEFT = "left as it is"
# The recognizer is libcst-based (about 100x the cost of scan's own resolution): over this many lines scan
# says it did not run it, rather than spend minutes on one generated file
MAX_LINES = 20_000
_SAID_LEFT = re.compile(r"^`[^`]+`(?: pipeline)? left(?: unchanged)?: ")


def recognize(source: str) -> RewriteResult:
    """The recognizer's verdict on one module (today: the ``--to tfdata`` rewrite itself)."""
    from tfdata_bridge._src.migrate.rewriting import rewrite

    return rewrite(source, "tfdata")


def _sym(finding: Finding):
    return BY_PATH.get(finding.api.removeprefix("tf.compat.v1."))


def _looked_up(finding: Finding) -> bool:
    """``getattr(tf.train, name)``: scan says what becomes of it (``scanner._looked_up``), not the rewrite's
    result, which cannot see it."""
    return finding.api.startswith("getattr(")


def needs_recognizer(findings: Sequence[Finding]) -> bool:
    return any((sym := _sym(f)) is not None and sym.to_tfdata in ("pipeline", "plumbing") for f in findings)


def site_outcomes(source: str, findings: Sequence[Finding],
                  result: RewriteResult | None = None) -> tuple[Finding, ...]:
    """``findings`` with ``tfdata`` saying what ``migrate --to tfdata`` does at each one. ``result``: the
    rewrite of ``source`` made with the other modules of its tree (``tree_outcomes``); by default the file is
    rewritten on its own."""
    if not needs_recognizer(findings):
        return tuple(f if _looked_up(f) else replace(f, tfdata=LEFT) for f in findings)
    lines_in = source.count("\n") + 1
    if lines_in > MAX_LINES:
        why = (f"not checked: {lines_in:,} lines, over the {MAX_LINES:,} scan runs the rewrite on; "
               "`migrate --to tfdata` on this file says what it does")
        return tuple(replace(f, tfdata=why) for f in findings)
    result = recognize(source) if result is None else result
    if result.error is not None:
        return tuple(replace(f, tfdata=f"left: the rewrite cannot parse the file ({result.error})")
                     for f in findings)
    refused: dict[int, str] = {}
    for note in result.notes:
        if note.kind == "refused":
            refused.setdefault(note.line, _SAID_LEFT.sub("", note.message))
    lines = source.splitlines()
    remaining = Counter(line.strip() for line in result.code.splitlines())
    gone: dict[int, bool] = {}
    out = []
    for f in findings:
        if _looked_up(f):
            out.append(f)
            continue
        sym = _sym(f)
        if f.line not in gone:
            text = lines[f.line - 1].strip() if f.line <= len(lines) else ""
            gone[f.line] = remaining[text] <= 0
            if not gone[f.line]:
                remaining[text] -= 1
        if f.line in refused:
            what = f"left: {refused[f.line]}"
        elif gone[f.line]:
            what = REMOVED if sym is not None and (sym.to_tfdata == "plumbing" or sym.starts_runners) else REWRITTEN
        elif sym is not None and sym.to_tfdata == "plumbing" and result.changed and _stop_flag(lines, f, result):
            what = _stop_flag(lines, f, result)  # (what scan says of such a coordinator in the migrated file)
        elif sym is not None and sym.to_tfdata == "plumbing" and result.changed:
            what = "left: still used by code that stays (harmless without queue runners)"
        else:
            what = LEFT
        out.append(replace(f, tfdata=what))
    return tuple(out)


def _stop_flag(lines: list[str], finding: Finding, result: RewriteResult) -> str | None:
    """``kept: ...`` where the finding is ``name = ...Coordinator()`` and the rewrite's plumbing note keeps
    ``name`` as the loop's stop flag only (``plumbing.STOP_FLAG``)."""
    from tfdata_bridge._src.migrate.plumbing import STOP_FLAG

    bound = re.match(r"\s*(\w+)\s*=", lines[finding.line - 1]) if finding.line <= len(lines) else None
    kept = bound is not None and any(f"`{bound.group(1)}` kept: {STOP_FLAG}" in n.message for n in result.notes)
    return f"kept: {STOP_FLAG}" if kept else None

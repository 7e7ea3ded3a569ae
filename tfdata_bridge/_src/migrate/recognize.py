"""``recognize(source)``: what ``migrate --to tfdata`` would do with each pipeline of one module.

The entry point for ``scan`` (its MIGRATE column) and other tools: one ``PipelineOutcome`` per pipeline end
(batch call, join, fed queue) with its line, whether it would be rewritten, and the reason. Nothing is
written; the module is not changed.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.results import PipelineOutcome


def recognize(source: str | cst.Module) -> list[PipelineOutcome]:
    """The outcome of ``--to tfdata`` for each pipeline in ``source`` (text or a parsed module), by line.

    A source that does not parse raises ``libcst.ParserSyntaxError``; one without ``tensorflow`` has none."""
    if isinstance(source, str):
        if "tensorflow" not in source:
            return []
        source = cst.parse_module(source)
    from tfdata_bridge._src.migrate.to_tfdata import run

    _, _, outcomes = run(source)
    return sorted(outcomes, key=lambda o: o.line)


__all__ = ["PipelineOutcome", "recognize"]

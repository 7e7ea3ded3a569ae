"""Pipelines living on objects and in nested functions (issue 17), each written first in the form the recogniser
follows: ``to_tfdata.run`` tries them in this order after its other forms, each on what the one before kept, and
keeps each only where it lets more pipelines be rewritten.

- ``held_runner.py``: a hand-built queue, its enqueue op and its runner kept on ``self``, started elsewhere;
- ``reader_attr.py``: a reader kept on ``self`` (made in ``__init__``), read once in another method;
- ``constructed_reads.py``: such an object made and read at once (``Cls(...).read(queue)``), named first;
- ``nested_inline.py``: a reader or producer in a nested function (a closure), inlined where it is called;
- ``memo_props.py``: pipeline stages in properties (lazy ``@property`` stages cached on ``self``), each read once,
  inlined where they are read;
- ``method_inline.py``: a pipeline stage in a method another method of its class calls once, inlined there;

and, on the rewritten module, ``table_iterators.py``: a per-record function that reads a lookup table gets an
initializable iterator started with the tables (a one-shot iterator cannot hold a table); in the recogniser,
``stages.py``: a batch whose per-record code holds another batch is refused in that pass (the second round takes it).
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.attr_locals import localize_attributes
from tfdata_bridge._src.migrate.calls import nodes_of, wrapped
from tfdata_bridge._src.migrate.constructed_reads import name_constructed_readers
from tfdata_bridge._src.migrate.held_runner import held_runners
from tfdata_bridge._src.migrate.memo_props import inline_memo_properties
from tfdata_bridge._src.migrate.method_inline import inline_stage_methods
from tfdata_bridge._src.migrate.nested_inline import inline_nested_sources
from tfdata_bridge._src.migrate.r17_forms import r17_forms
from tfdata_bridge._src.migrate.reader_comps import loop_inline_reader_comps
from tfdata_bridge._src.migrate.reader_attr import inline_reader_attributes
from tfdata_bridge._src.migrate.stages import refuse_inner_batches, staged
from tfdata_bridge._src.migrate.table_iterators import initialized_with_tables

OBJECT_FORMS = (localize_attributes, held_runners, inline_reader_attributes, name_constructed_readers, inline_nested_sources, inline_memo_properties,
                inline_stage_methods, r17_forms, loop_inline_reader_comps)


def explain_left(module: cst.Module, result, external=None):
    """``result`` (the rewrite of ``module``) with each pipeline left in a function where one of these forms found
    its shape and declined it said why (after the recogniser's own reason)."""
    out, notes, outcomes = result
    if all(o.rewritten for o in outcomes):
        return result
    why: list = []
    for form in OBJECT_FORMS:
        form(module, external, why)
    if not why:
        return result
    positions = wrapped(module).resolve(PositionProvider)
    # (a form that inlined some shapes first says why of the nodes of its own module: found again by name)
    named: dict[str, list] = {}
    for node in [*nodes_of(module, cst.FunctionDef), *nodes_of(module, cst.ClassDef)]:
        named.setdefault(node.name.value, []).append(node)
    spans = [(positions[n].start.line, positions[n].end.line, text) for fn, text in why
             for n in ([fn] if fn in positions else named.get(fn.name.value, []))]
    return said_left(result, spans)


def said_left(result, spans: list[tuple[int, int, str]]):
    """``result`` with the reason of each pipeline left (its outcome's, its refusal note's) followed by the text of
    each span ``(first line, last line, text)`` that holds its line, once each, where the reason lacks it."""
    out, notes, outcomes = result

    def more(text: str, line: int) -> str:
        said = dict.fromkeys(t for start, end, t in spans if start <= line <= end)
        extra = [t for t in said if t not in text]
        return text if not extra else f"{text}; {'; '.join(extra)}"

    left = {o.line for o in outcomes if not o.rewritten}
    outcomes = [replace(o, reason=more(o.reason, o.line)) if not o.rewritten else o for o in outcomes]
    notes = [replace(n, message=more(n.message, n.line)) if n.kind == "refused" and n.line in left else n
             for n in notes]
    return out, notes, outcomes


__all__ = ["OBJECT_FORMS", "explain_left", "initialized_with_tables", "refuse_inner_batches", "said_left", "staged"]

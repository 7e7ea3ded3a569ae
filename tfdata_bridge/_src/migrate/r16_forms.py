"""Round 16's forms (issue 17), each written first in the form the recogniser follows:

- ``constant_kwargs.py``: a batch's settings as ``**name`` of a dict that never changes, spelled out;
- ``scope_decorators.py``: stages made lazy properties by a user decorator (``define_scope``), built where
  ``__init__`` first reads them;
- ``fluent_builders.py``: a builder whose methods return ``self`` (``batch(**kwargs)`` included), called as one
  chain, written out where the chain stands;
- ``named_apis.py``: a reader class or a batch function chosen by name (a dict, ``getattr``, ``A if c else B``),
  written as the call it makes, or as a choice between the calls;
- ``queue_class_choice.py`` (round 68): a queue class a flag chooses where the queue is made, as an ``if``/``else``;

and, over a tree, ``registry_readers.py`` (``tree.rewrite_tree``): a reader taken from a registry by a literal
name.

``to_tfdata.run`` runs a module through ``tried_with_forms`` first: the forms are applied together (a decorated
stage may batch with ``**settings``), and the whole run of the result (every other form included) is kept only
where it rewrites more pipelines than the run of the module as written; otherwise each form that declined says
why at the pipelines it left. A module with none of the forms costs one look at its text per form.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.constant_kwargs import expand_constant_kwargs
from tfdata_bridge._src.migrate.fluent_builders import inline_fluent_builders
from tfdata_bridge._src.migrate.named_apis import _QUICK as _NAMED, resolve_named_apis
from tfdata_bridge._src.migrate.queue_class_choice import _QUICK as _CHOSEN, split_module
from tfdata_bridge._src.migrate.scope_decorators import inline_scope_decorators
from tfdata_bridge._src.migrate.calls import code_of

# (decorators first: found through the tree's resolver, by the nodes of the module as the tree gave it)
# (an API chosen by name before the ``**`` of its call is spelled out: the call then names the batch)
_FORMS = (inline_scope_decorators, inline_fluent_builders, resolve_named_apis, expand_constant_kwargs, split_module)


def r16_forms(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each of round 16's forms rewritten in turn (the same module object where none is)."""
    code = code_of(module)
    if "**" not in code and "setattr(" not in code and "return self" not in code and not _NAMED.search(code) and \
            (external is None or "@" not in code) and not ("FIFOQueue" in code and _CHOSEN.search(code)):
        # (none of the forms can be here)
        return module
    for form in _FORMS:
        module = form(module, external, why)
    return module


def tried_with_forms(module: cst.Module, external, requests: list | None, run: Callable) -> tuple:
    """``run(module, asks)``, or ``run`` of the module with the forms applied where that rewrites more pipelines;
    the helper requests of the run kept are added to ``requests``."""
    from tfdata_bridge._src.migrate.hoist import line_map
    from tfdata_bridge._src.migrate.to_tfdata import _done, _given_back

    why: list = []
    formed = r16_forms(module, external, why)
    plain_asks: list = []
    plain = run(module, plain_asks if requests is not None else None)
    if formed is not module and (not all(o.rewritten for o in plain[2]) or _left(plain) or _uses(plain)):
        trial_asks: list = []
        trial = run(formed, trial_asks if requests is not None else None)
        # (more pipelines rewritten; or as many, and fewer uses left: a batch chosen by name after a reader
        # rewritten alone, ``named_apis.py``)
        if _done(trial) > _done(plain) or _done(trial) == _done(plain) and (
                _left(trial) < _left(plain) or _left(trial) == _left(plain) and _uses(trial) < _uses(plain)):
            if requests is not None:
                requests.extend(trial_asks)
            return _given_back(trial, line_map(code_of(module), code_of(formed)))
    if requests is not None:
        requests.extend(plain_asks)
    return _explain(module, plain, why) if why else plain


def _left(result: tuple) -> int:
    """The legacy uses a run leaves (its notes of kind ``refused``)."""
    return sum(n.kind == "refused" for n in result[1])


def _uses(result: tuple) -> int:
    """The legacy API uses ``scan`` finds in a run's code (a batch function looked up by ``getattr`` is no
    pipeline the recogniser saw, so no note of the run names it)."""
    from tfdata_bridge._src.migrate.scanner import scan_source

    try:
        return len(scan_source(result[0].code))
    except (SyntaxError, ValueError):
        return 0


def _explain(module: cst.Module, result: tuple, why: list) -> tuple:
    """``result`` with each pipeline left in a function or class where a form declined said why."""
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped
    from tfdata_bridge._src.migrate.object_forms import said_left

    positions = wrapped(module).resolve(PositionProvider)
    loud = [(positions[t.node].start.line, str(t)) for _, t in why if getattr(t, "node", None) in positions]
    if loud:  # (a lookup left where no pipeline is left to carry its reason: ``named_apis.Loud``)
        from tfdata_bridge._src.migrate.results import Note

        notes = list(result[1])
        notes += [Note(line, f"left: {text}") for line, text in loud if not any(text in n.message for n in notes)]
        result = (result[0], sorted(notes, key=lambda n: n.line), result[2])
    if all(o.rewritten for o in result[2]):
        return result
    spans = [(positions[n].start.line, positions[n].end.line, text) for n, text in why if n in positions]
    return said_left(result, spans)


__all__ = ["r16_forms", "tried_with_forms"]

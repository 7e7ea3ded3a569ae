"""Round 17's forms (issue 17), each written first in the form the recogniser follows, tried together as one
object form (``object_forms.py``):

- ``grown_lists.py``: a batched list grown by ``append``/``extend`` under an ``if`` on a Python value, written as
  straight code (``tensors = tensors + ([x] if flag else [])``); one whose ``if`` holds more (a second
  reader, ``elif``/``else`` arms) with the arm a constant test takes kept in place, or the function's statements
  in each arm of a test known at run time (``branch_grown_lists``, round 34);
- ``preloaded_vars.py``: a slice producer over variables initialized by one feed (the how-to's preloaded data),
  written over the values fed.

(Its refusals and checks live in the recogniser and the rewrite: ``stateful_captures.py``, ``reader_choice.py``,
``held_plumbing.py``.)
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.grown_lists import branch_grown_lists, straighten_grown_lists
from tfdata_bridge._src.migrate.preloaded_vars import slice_preloaded_variables

_FORMS = (straighten_grown_lists, branch_grown_lists, slice_preloaded_variables)


def r17_forms(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each of round 17's forms rewritten in turn (the same module object where none is)."""
    for form in _FORMS:
        module = form(module, external, why)
    return module


__all__ = ["r17_forms"]

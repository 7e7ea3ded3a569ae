"""Round 16's forms (issue 17), each written first in the form the recogniser follows, tried together as one
object form (``object_forms.py``), so a pipeline that needs two of them (a decorated stage batching with
``**settings``) is taken too:

- ``constant_kwargs.py``: a batch's settings as ``**name`` of a dict that never changes, spelled out;
- ``scope_decorators.py``: stages made lazy properties by a user decorator (``define_scope``), built where
  ``__init__`` first reads them.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.constant_kwargs import expand_constant_kwargs

_FORMS = (expand_constant_kwargs,)


def r16_forms(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each of round 16's forms rewritten in turn (the same module object where none is)."""
    for form in _FORMS:
        module = form(module, external, why)
    return module


__all__ = ["r16_forms"]

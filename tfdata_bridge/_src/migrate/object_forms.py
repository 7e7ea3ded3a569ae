"""Pipelines living on objects and in nested functions (issue 17), each written first in the form the recogniser
follows: ``to_tfdata.run`` tries them in this order after its other forms, each on what the one before kept, and
keeps each only where it lets more pipelines be rewritten.

- ``reader_attr.py``: a reader kept on ``self`` (made in ``__init__``), read once in another method;
- ``nested_inline.py``: a reader or producer in a nested function (a closure), inlined where it is called;
"""

from __future__ import annotations

from tfdata_bridge._src.migrate.nested_inline import inline_nested_sources
from tfdata_bridge._src.migrate.reader_attr import inline_reader_attributes

OBJECT_FORMS = (inline_reader_attributes, inline_nested_sources)

__all__ = ["OBJECT_FORMS"]

"""Pipelines living on objects and in nested functions (issue 17), each written first in the form the recogniser
follows: ``to_tfdata.run`` tries them in this order after its other forms, each on what the one before kept, and
keeps each only where it lets more pipelines be rewritten.

- ``reader_attr.py``: a reader kept on ``self`` (made in ``__init__``), read once in another method;
- ``nested_inline.py``: a reader or producer in a nested function (a closure), inlined where it is called;
- ``memo_props.py``: pipeline stages in properties (lazy ``@property`` stages cached on ``self``), each read once,
  inlined where they are read;
- ``method_inline.py``: a pipeline stage in a method another method of its class calls once, inlined there;

and, on the rewritten module, ``table_iterators.py``: a per-record function that reads a lookup table gets an
initializable iterator started with the tables (a one-shot iterator cannot hold a table); in the recogniser,
``stages.py``: a batch whose per-record code holds another batch is refused in that pass (the second round takes it).
"""

from __future__ import annotations

from tfdata_bridge._src.migrate.memo_props import inline_memo_properties
from tfdata_bridge._src.migrate.method_inline import inline_stage_methods
from tfdata_bridge._src.migrate.nested_inline import inline_nested_sources
from tfdata_bridge._src.migrate.reader_attr import inline_reader_attributes
from tfdata_bridge._src.migrate.stages import refuse_inner_batches, staged
from tfdata_bridge._src.migrate.table_iterators import initialized_with_tables

OBJECT_FORMS = (inline_reader_attributes, inline_nested_sources, inline_memo_properties, inline_stage_methods)

__all__ = ["OBJECT_FORMS", "initialized_with_tables", "refuse_inner_batches", "staged"]

"""A feeding class rewritten in its module, used by another module of the tree beyond what the rewrite kept.

The class form removes the queue, its ops and placeholders from the class (``klass.py``); a module that
imports the class and reaches one of them through an instance (``sess.run(reader.queue.close(...))`` on the
way out) would fail after the rewrite, and one module's rewrite cannot see the others. ``migrate`` on a tree
(``tree.py``) asks here which classes a module's rewrite changes, and ``across_calls.py`` what another module
does with them: its calls of the starter are changed as in the class's own module, and the class's module is
left as it was where another module uses the class beyond that.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, Refusal, v1_prefix
from tfdata_bridge._src.migrate.feed.klass import class_feeds


def feed_classes(module: cst.Module, external=None) -> dict[str, tuple[int, list[str], list[str], dict[str, str],
                                                                      dict[str, tuple], set[str]]]:
    """The feeding classes the rewrite of ``module`` rewrites: name -> (its queue's line, the attributes that go,
    and the starters that returned one thread; then those starters alone: ``across_calls.py`` follows another
    module's joins of it; the queue attributes, datasets now, that another module dequeues -> the queue kind;
    the feeding methods another module makes a thread on -> ``ClassFeed.threaded``'s entry; the queue attributes
    whose whole dequeue gave a Python list: two or more components, no ``names``).
    ``external``: the tree's resolver of the module (placeholders handed to ``__init__`` from other modules)."""
    from tfdata_bridge._src.migrate.to_tfdata import survey  # (to_tfdata imports this family)

    if "Queue" not in code_of(module):
        return {}
    index, _, finder = survey(module, external)
    out: dict[str, tuple[int, list[str], list[str], dict[str, str], dict[str, tuple]]] = {}
    for line, _, plan in class_feeds(module, index, module.code_for_node, v1_prefix(module) or "tf", finder):
        if not isinstance(plan, Refusal):
            before = out.get(plan.cls, (0, [], [], {}, {}, set()))
            remote = {**before[3], **({plan.remote: plan.kind_args[0]} if plan.remote else {})}
            listed = before[5] | ({plan.remote} if plan.remote and plan.kind_args[1] > 1 else set())
            out[plan.cls] = (line, [*before[1], *plan.gone, *plan.handles], [*before[2], *plan.handles], remote,
                             {**before[4], **plan.threaded}, listed)
    return out


"""A feeding class handed the queue class it makes its queue with (round 52's hut-supply ``EnqueueThread``):

    class EnqueueThread(threading.Thread):
        def __init__(self, inputs, capacity, queue_class):
            self.queue = queue_class(capacity=capacity, dtypes=[i.dtype for i in inputs], shapes=...)
    enqueue_thread = EnqueueThread(inputs, capacity=8, queue_class=tf.FIFOQueue)     # every caller in the tree

The parameter is read as the queue kind every call of the class hands it (``handed._sites``: plain calls, in
this module or another of the tree), each argument naming the same TensorFlow queue class through an import;
``__init__`` must read the parameter only there, as the call's function. Then the queue is the class form's
(``klass.py``); the rewritten ``__init__`` no longer reads the parameter, which goes with its arguments
(``handed_coord.py`` across the tree, ``class_coord.py`` in the class's own module).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of, v1_prefix
from tfdata_bridge._src.migrate.feed.derived import SITES
from tfdata_bridge._src.migrate.feed.queue import feed_queue_kind


@dataclass
class Passed:
    """The queue class handed to ``__init__``'s ``param``: its kind, the calls of the class in this module (their
    arguments go with the parameter where no other module calls it: ``elsewhere`` false)."""
    kind: str
    param: str
    calls: list[cst.Call]
    elsewhere: bool


def calls_a_parameter(init: cst.FunctionDef) -> bool:
    """Whether ``init`` (an ``__init__``) calls one of its own parameters (``queue_class(...)``)."""
    params = {p.name.value for p in init.params.params[1:]}
    return init.name.value == "__init__" and any(
        isinstance(c.func, cst.Name) and c.func.value in params for c in nodes_of(init.body, cst.Call))


def passed_queue(index, module: cst.Module, init: cst.FunctionDef, stmt: cst.CSTNode, call: cst.Call,
                 kinds: tuple[str, ...]) -> Passed | None:
    """The queue class (its kind: ``"FIFOQueue"``) every caller hands ``__init__``'s parameter that ``call``
    calls, or None where ``call`` calls no such parameter or the callers do not all hand one queue class."""
    if not isinstance(call.func, cst.Name) or init.name.value != "__init__" or v1_prefix(module) is None:
        return None
    param = call.func.value
    if param not in [p.name.value for p in init.params.params[1:]]:
        return None
    if [n for n in nodes_of(init.body, cst.Name) if n.value == param] != [call.func]:
        return None  # (read, or bound again, beyond the queue's call)
    sites = SITES.get()
    if sites is None:
        return None
    from tfdata_bridge._src.migrate.feed.handed import _sites

    try:
        found = _sites(SimpleNamespace(scopes=sites[0], external=sites[1], paths=index.paths), stmt, param)
    except Refusal:
        return None
    if found is None:
        return None
    got = set()
    here, elsewhere = [], False
    for value, site, made in found[1]:
        path = getattr(site, "paths", {}).get(value) if isinstance(value, (cst.Attribute, cst.Name)) else None
        got.add(feed_queue_kind(path, kinds))
        if isinstance(site, SimpleNamespace):  # (this module's own call)
            here.append(made)
        else:
            elsewhere = True
    if len(got) != 1 or None in got:
        return None
    return Passed(got.pop(), param, here, elsewhere)

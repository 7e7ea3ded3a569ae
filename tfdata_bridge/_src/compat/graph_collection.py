"""Dead graphs with bridge pipelines are collected before they pile up (issue 20: graph rebuilds).

A ``tf.Graph`` is one big reference cycle (its operations refer to it), so it is freed only by a garbage
collection of the generation it is in (the oldest, once it has lived a while), in legacy as in the drop-in.
Python starts one when the count of its own objects has grown enough, and knows nothing of the native memory
behind them. A legacy graph holds little; a graph with a drop-in pipeline also holds the pipeline's traced
functions (each a ``FuncGraph`` with its own native graph, registered in TensorFlow's eager context as well):
about 1.4 MB of native memory, freed only with the graph. Over 200 ``reset_default_graph()`` + pipeline
rebuilds no full collection came for dozens of rebuilds at a time, and the dead graphs waiting for it raised
the process's resident memory by 41 MB, against legacy's 5.5 MB.

So the drop-in counts the graphs (not functions' graphs) that hold its per-graph state (``GraphTable``): when
a new one gets its first state while more than ``SLACK`` older ones are still alive (dead but not collected,
or still in use), it collects them, as Keras's ``clear_session()`` does: first the young generations only
(``gc.collect(1)``, a few ms: a graph that died soon after it was built, as about half of a rebuild loop's do,
is still young; a program that runs a while has its graph promoted), and a full collection (150-210 ms of CPU
with TensorFlow loaded: it traverses every object TensorFlow's import made) only where more than ``SLACK`` are
still alive after that. After a full collection the bound moves to what it left alive plus ``SLACK``, so a
program that keeps many graphs in use pays one full collection per ``SLACK`` new graphs, never one per graph;
after a young one the bound stays (the graphs left may be dead ones in the oldest generation). Nothing runs
where the program turned the collector off (``gc.disable()``), nor off the main thread (a graph built on a
worker thread is counted; the next one built on the main thread collects).
"""

from __future__ import annotations

import gc
import logging
import threading
import weakref
from typing import Any

logger = logging.getLogger("tfdata_bridge")

SLACK = 4  # graphs with bridge state allowed to wait for Python's own collection
YOUNG = 1  # the generations collected first (0 and 1); the full collection only where that leaves too many
_graphs: weakref.WeakSet[Any] = weakref.WeakSet()  # the graphs that hold bridge state
_bound = SLACK  # a new graph finding more than this many others alive triggers a collection
_lock = threading.Lock()


def noted(graph: Any) -> None:
    """``graph`` gets its first bridge state (from ``GraphTable.setdefault``, no lock held)."""
    global _bound
    if getattr(graph, "building_function", False):
        return  # a function's graph (a trace) goes with the function that keeps it
    with _lock:
        if graph in _graphs:
            return
        others = len(_graphs)
        _graphs.add(graph)
        due = others > _bound and gc.isenabled() and threading.current_thread() is threading.main_thread()
    if not due:
        return
    found = gc.collect(YOUNG)
    with _lock:
        due = len(_graphs) - 1 > _bound  # (the new graph is not one of the others)
    if not due:  # (the bound stays: the graphs left may be dead ones in the oldest generation, not graphs in use)
        logger.debug("tfdata_bridge: a collection of the young generations for graphs with bridge pipelines found "
                     "%d objects; %d such graphs alive", found, len(_graphs))
        return
    found += gc.collect()  # older dead graphs were promoted to the oldest generation: only a full collection finds them
    with _lock:
        _bound = max(SLACK, len(_graphs) - 1 + SLACK)
    logger.debug("tfdata_bridge: a full collection for graphs with bridge pipelines found %d objects; %d such "
                 "graphs alive", found, len(_graphs))


def graphs_alive() -> int:
    """How many graphs holding bridge state are alive (dead ones not yet collected among them)."""
    with _lock:
        return len(_graphs)

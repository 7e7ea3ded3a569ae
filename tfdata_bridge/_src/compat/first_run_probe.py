"""Whether a session outside the drop-in ran a graph before the drop-in rewired it.

The drop-in decides some things when the graph first runs (``shared_streams.settle``: a source with several
consumers becomes one shared stream; a read nobody runs stays a stand-in; ``queue_shapes``): it changes the
attributes of ops already built (``tf_private.set_attr``). A session that has already run the graph keeps
the ops as they were, silently (TensorFlow only logs "This mutation will have no effect"). The drop-in's own
``Session`` settles before its first run, so this happens only with TensorFlow's own ``tf.compat.v1.Session``
running the graph (a ``local_variables_initializer()``, say) before ``start_queue_runners``: two consumers of
one input producer would then each read every element, and a reader's counts would stay 0.

A stream whose consumers include a pipeline (a batch) is shared while the graph is built
(``shared_streams._compete_now``), so this is left to streams read by direct reads and dequeues alone, whose
sharing waits for the first run (a batch built later may take them over).

So each such graph holds one constant, made with the graph's first drop-in source, whose value ``settled``
changes whenever a stream became shared. (A read left a stand-in, or refused because a batch took it over,
fails with its reason in a stale session: an error, never data twice.) ``start_queue_runners(sess)`` with TensorFlow's own session
then runs it: the old value means the session holds the graph as it was, and the drop-in raises, saying what
to do, rather than deliver wrong data.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1

STALE = ("this graph ran in TensorFlow's own Session ({session}) before the drop-in's start_queue_runners, and "
         "the drop-in changes the graph's input ops when it first runs (a source with several consumers becomes "
         "one shared stream, so each element goes to one of them); a session that already ran the graph keeps "
         "them as they were, which would deliver elements twice. Use tfdata_bridge.compat.v1.Session (the "
         "drop-in's `tf.Session`), or call start_queue_runners(sess) before the session's first run, or create "
         "the session after building the whole graph and call start_queue_runners first")

_probes: GraphTable[list] = GraphTable("first_run_probe")  # graph -> [probe tensor, value it was given]


def ensure(graph: Any) -> None:
    """Make ``graph``'s probe, once, outside any control flow or function (called as a source is registered)."""
    if getattr(graph, "building_function", False) or _probes.get(graph) is not None:
        return
    with graph.as_default(), graph.control_dependencies(None), graph.name_scope(None):
        probe = tf.constant(0, name="tfdata_bridge_first_run_probe")
    _probes.setdefault(graph, [probe, 0])


def settled(graph: Any, shared_now: bool, session: Any = None) -> None:
    """After the drop-in settled ``graph`` (``shared_now``: a stream became shared, its consumers rewired):
    give the probe a new value; where ``session`` (TensorFlow's own) still sees the old one, raise
    ``RuntimeError``. (The other changes settle makes fail loudly in a stale session, never deliver twice.)"""
    found = _probes.get(graph)
    if found is None or not shared_now:
        return
    probe, value = found
    found[1] = value = value + 1
    tf_private.set_attr(probe.op, "value", tf1.AttrValue(tensor=tf.make_tensor_proto(value, dtype=tf.int32)))
    if session is not None and int(session.run(probe)) != value:
        raise RuntimeError(STALE.format(session=type(session).__name__))

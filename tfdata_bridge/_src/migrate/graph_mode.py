"""The per-element functions a rewrite hands to ``map``, marked to run as written (no AutoGraph).

tf.data traces a ``map`` function through AutoGraph unless told not to; that conversion is most of a small
migrated program's start-up (0.4-0.7 s measured on the TFRecord and CSV programs). Legacy per-element code was
written for graph mode: a Python ``if`` or ``for`` over a tensor failed there, so there is nothing for AutoGraph
to convert, and ``@tf.autograph.experimental.do_not_convert`` keeps the meaning and drops the cost.

Every element function a rewrite makes passes here, so here too it is checked (``legacy_inside``): what moved
into it must hold no legacy queue source or consumer at any depth (under ``if``/``for``/``while``/``try``/``with``,
in a nested function, a helper's statements inlined into it). A second source read only sometimes (``if others is
not None: w = _side(others)``) cannot become part of the first's per-element function: run inside ``map`` it fails
or misbehaves. The rewrite is refused (``Refusal``) naming the call. A syntactic walk of the function alone: no
cost on modules no rewrite reaches.
"""

from __future__ import annotations

import contextlib
import contextvars

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, last_name

WHY = "# graph-mode code, as the queue ran it: no AutoGraph conversion (it would only slow the start)"


def decorator(v1: str) -> str:
    return f"{v1}.autograph.experimental.do_not_convert"


# legacy sources and consumers by the last part of their name: none of them is tf.data's or a tensor's
_LEGACY_CALLS = frozenset({
    "string_input_producer", "slice_input_producer", "input_producer", "range_input_producer",
    "TextLineReader", "TFRecordReader", "FixedLengthRecordReader", "WholeFileReader", "IdentityReader", "LMDBReader",
    "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue", "QueueRunner",
    "shuffle_batch", "batch_join", "shuffle_batch_join", "maybe_batch", "maybe_shuffle_batch",
    "maybe_batch_join", "maybe_shuffle_batch_join",
    "enqueue", "enqueue_many", "dequeue", "dequeue_many", "dequeue_up_to", "read_up_to",
})


def _is_legacy(call: cst.Call) -> bool:
    name = last_name(call.func)
    if name in _LEGACY_CALLS:
        return True
    if name == "read":  # ``reader.read(queue)``; a file's ``f.read()`` takes no queue
        return bool(call.args) and isinstance(call.func, cst.Attribute)
    if name == "batch":  # ``tf.train.batch``, not a dataset's ``.batch``
        return isinstance(call.func, cst.Attribute) and last_name(call.func.value) == "train"
    if name in ("py_func", "numpy_function"):  # with no inputs: a source
        given = call.args[1].value if len(call.args) > 1 and call.args[1].keyword is None else next(
            (a.value for a in call.args if a.keyword is not None and a.keyword.value in ("inp",)), None)
        return isinstance(given, (cst.List, cst.Tuple)) and not given.elements
    return False


MODULES: contextvars.ContextVar[tuple[cst.Module, ...]] = contextvars.ContextVar("graph_mode_modules", default=())
"""The modules a run rewrites, outermost first (each ``to_tfdata._run`` adds its own: the one as written, then
the forms tried on it): their top-level functions an element function calls are checked too (``if others: w =
_other_side(others)``, ``_other_side`` reading a queue; a form's module may have dropped it already)."""


@contextlib.contextmanager
def checked_against(module: cst.Module):
    """While entered, ``module`` is among ``MODULES`` (its functions an element function calls are checked)."""
    token = MODULES.set((*MODULES.get(), module))
    try:
        yield
    finally:
        MODULES.reset(token)


class _LegacyCalls(cst.CSTVisitor):
    def __init__(self, handed: frozenset[str] = frozenset()) -> None:
        self.found: list[cst.Call] = []
        self.called: list[str] = []
        self.handed = handed  # the element function's parameters: a helper handed one reads the element

    def visit_Call(self, node: cst.Call) -> None:
        if _is_legacy(node):
            self.found.append(node)
        elif isinstance(node.func, cst.Name) and not any(
                isinstance(n, cst.Name) and n.value in self.handed for a in node.args for n in _names(a.value)):
            self.called.append(node.func.value)


def _names(node: cst.CSTNode) -> list[cst.CSTNode]:
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(n.children)
    return out


def legacy_inside(fn: cst.CSTNode, own: str | None = None) -> cst.Call | None:
    """The first legacy queue source or consumer call anywhere in ``fn`` (an element function), else None; a
    top-level function of ``MODULES`` that ``fn`` calls by name (not ``own``, ``fn``'s own name) is followed,
    unless the call hands it one of ``fn``'s parameters (a helper given the element: its queue read is the element
    a rewrite of that helper makes, ``row_features(rows)`` with ``rows.dequeue()``)."""
    defs = {s.name.value: s for m in MODULES.get() for s in m.body if isinstance(s, cst.FunctionDef)}
    params = frozenset(p.name.value for p in fn.params.params) if isinstance(fn, cst.FunctionDef) else frozenset()
    seen, todo = {own}, [fn]
    while todo:
        node = todo.pop()
        v = _LegacyCalls(params if node is fn else frozenset())
        node.visit(v)
        if v.found:
            return v.found[0]
        for name in v.called:
            if name in defs and name not in seen:
                seen.add(name)
                if node is fn and _reads_its_own_source(defs[name]):
                    continue  # (the element function's own call of a whole read helper: that helper's own
                    # pipeline, which the rewrite writes as a tf.data helper of its own, one record per call:
                    # the labels read beside the examples of ``make_batch`` in ``tests/migrate/r34c_programs``)
                todo.append(defs[name])
    return None


def _reads_its_own_source(fn: cst.FunctionDef) -> bool:
    """Whether ``fn`` makes an input producer and reads it with a reader itself (a whole read helper)."""
    v = _LegacyCalls()
    fn.visit(v)
    names = {last_name(c.func) for c in v.found}
    return any(n.endswith("input_producer") for n in names) and bool(names & {"read", "read_up_to"})


ELEMENT_REASON = "would hold the legacy queue call"


def check_element_function(fn: cst.CSTNode, name: str | None = None) -> None:
    """``Refusal`` where ``fn``, about to run per element in a ``map``, holds a legacy queue source or consumer."""
    call = legacy_inside(fn, name)
    if call is None:
        return
    shown = cst.Module([]).code_for_node(call).strip()
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    where = f"`{name}`" if name else "the per-element function"
    raise Refusal(f"{where} {ELEMENT_REASON} `{shown}` (a second source or queue read inside the "
                  "first's per-element work, e.g. under an `if`, a loop or a `try`): a second source read only "
                  "sometimes cannot become part of the first's per-element `map` function; not rewritten: build "
                  "it as a pipeline of its own (two pipelines, chosen where the `if` is decided) or use "
                  "`migrate --to compat`")


def run_as_written(fn: cst.FunctionDef, v1: str) -> cst.FunctionDef:
    """``fn`` with the ``do_not_convert`` decorator (once) and the line saying why, before its other decorators;
    ``Refusal`` where ``fn`` holds a legacy queue source or consumer (``check_element_function``)."""
    check_element_function(fn, fn.name.value)
    if any(_named_do_not_convert(d.decorator) for d in fn.decorators):
        return fn
    dec = cst.Decorator(cst.parse_expression(decorator(v1)), leading_lines=[cst.EmptyLine(comment=cst.Comment(WHY))])
    return fn.with_changes(decorators=[dec, *fn.decorators])  # its own leading comments stay above it all


def wrapped(fn_text: str, v1: str) -> str:
    """``do_not_convert(fn)``: for a function defined elsewhere (another module's helper) or a lambda."""
    return f"{decorator(v1)}({fn_text})"


def _named_do_not_convert(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == "do_not_convert" or \
        isinstance(node, cst.Name) and node.value == "do_not_convert"

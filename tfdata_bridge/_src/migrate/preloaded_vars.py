"""The reading-data how-to's "preloaded data in a variable" (``fully_connected_preloaded_var``), written as the
slices of the values it fed:

    images_initializer = tf.placeholder(dtype=data_sets.train.images.dtype, shape=...)
    input_images = tf.Variable(images_initializer, trainable=False, collections=[])
    image, label = tf.train.slice_input_producer([input_images, input_labels], num_epochs=...)
    ...
    sess.run(input_images.initializer, feed_dict={images_initializer: data_sets.train.images})

becomes ``tf.train.slice_input_producer([data_sets.train.images, data_sets.train.labels], ...)`` (the pipeline
rewrite then slices the arrays with ``from_tensor_slices``), and the variable, its placeholder and the run that fed
it go. A one-shot iterator cannot capture a variable set when the session runs; the values the program fed can be
sliced where the producer was, and they are the same values when:

- the variable is ``Variable(placeholder, ..., collections=[])`` (no initializer but the fed one: nothing else
  sets it), assigned once in the function, and read nowhere but in the producer's list and in one
  ``sess.run(var.initializer, feed_dict={placeholder: value})`` of the same function (one feed: its data is the
  data every epoch of the producer read; no ``assign`` changes it), or ``tf.variables_initializer([var, ...])``
  listing it inline in that run's fetches;
- the fed ``value`` calls nothing (names, attributes, subscripts), and every name it reads is bound before the
  producer and not bound again in the function (so the producer's site sees the object the run fed; a ``for``,
  ``with`` or import binding counts as bound again);
- the placeholder's dtype is the value's own (``dtype=value.dtype``), or else the slices are
  ``tf.constant(value, dtype=...)``, as the feed converted it.

A ``Variable(value, trainable=False)`` (default collections: the program's global initializer sets it), read
nowhere but in the producer's list, is ``value`` itself under the same conditions on ``value`` (or
``tf.constant(value, dtype=...)`` where the variable was given a dtype); a trainable one, or one with
``collections`` or ``validate_shape`` given, is left (the variable leaves the global variables: a checkpoint no longer
holds it).

Variables made in one function and initialized in another (a helper returning them, the feed keyed by
``graph.get_tensor_by_name('X_train:0')`` in the caller) are left: the values fed are not known where the
producer is, and a dataset over the variables would need an initializable iterator started after the caller's
initialization run, which nothing in the program runs.

Where the run fetches more than the initializers of such variables, or feeds other placeholders, it stays, and so
do the variables it sets (harmless: nothing reads them). Otherwise the module is as written. The data is now a
constant of the graph, as the how-to's "preloaded constants" form: a caveat for very large arrays (2 GB).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, code_of, dotted, name_counts, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.walk import Visitor

_VARIABLE, _PLACEHOLDER, _SLICE = "Variable", "placeholder", "slice_input_producer"
_EQUAL = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace(""))


def _last(call: cst.BaseExpression) -> str:
    return dotted(call.func).rsplit(".", 1)[-1] if isinstance(call, cst.Call) else ""


def _arg(call: cst.Call, index: int, keyword: str) -> cst.BaseExpression | None:
    for a in call.args:
        if a.keyword is not None and a.keyword.value == keyword:
            return a.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[index].value if len(positional) > index else None


class _Own(Visitor):
    """The statements of one function, in order, nested functions and classes left out."""

    def __init__(self) -> None:
        self.stmts: list[cst.SimpleStatementLine] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool:
        self.stmts.append(node)
        return False


def _plan(fn: cst.FunctionDef) -> tuple[dict, set] | None:
    """``({id(variable name node in the producer's list): new element}, {ids of statements that go})``."""
    own = _Own()
    fn.body.visit(own)
    stmts = own.stmts
    assigned: dict[str, list[int]] = {}
    values: dict[str, cst.BaseExpression] = {}
    where: dict[str, int] = {}
    for i, stmt in enumerate(stmts):
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                for t in small.targets:
                    for n in target_names(t.target) or names_in(t.target):
                        assigned.setdefault(n, []).append(i)
                        if isinstance(t.target, cst.Name):
                            values[n], where[n] = small.value, i
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
                for n in names_in(small.target):
                    assigned.setdefault(n, []).append(i)
    params = {p.name.value for p in [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]}
    # names bound otherwise (a loop, a with, an import, ...): counted as bound again (no one object at the producer)
    for n in bound_names(fn.body) - set(assigned):
        assigned[n] = [-1, -1]
    for n in {n for loop in nodes_of(fn.body, cst.For) for n in names_in(loop.target)}:
        assigned[n] += [-1, -1]
    counts = name_counts(fn.body)
    # the producer's list elements that are variables of the form
    producers = [(i, c) for i, s in enumerate(stmts) for c in nodes_of(s, cst.Call) if _last(c) == _SLICE]
    new: dict[int, cst.BaseExpression] = {}
    gone: set[int] = set()
    runs: dict[int, list[str]] = {}
    for at, producer in producers:
        listed = _arg(producer, 0, "tensor_list")
        if not isinstance(listed, (cst.List, cst.Tuple)):
            continue
        for el in listed.elements:
            var = el.value
            if not isinstance(var, cst.Name) or len(assigned.get(var.value, ())) != 1 or \
                    counts[var.value] not in (2, 3):
                continue
            made = values.get(var.value)
            if _last(made) == _VARIABLE and counts[var.value] == 2 and len(stmts[where[var.value]].body) == 1:
                value = _constant(made, at, assigned, params)
                if value is not None:  # (``Variable(array, trainable=False)``: the array, read nowhere else)
                    new[id(var)] = value
                    gone.add(id(stmts[where[var.value]]))
                continue
            if _last(made) != _VARIABLE or not isinstance(_arg(made, 99, "collections"), cst.List) or \
                    _arg(made, 99, "collections").elements:
                continue
            ph = _arg(made, 0, "initial_value")
            if not isinstance(ph, cst.Name) or len(assigned.get(ph.value, ())) != 1 or \
                    _last(values.get(ph.value)) != _PLACEHOLDER:
                continue
            fed = _fed(stmts, var.value, ph.value)
            if fed is None:
                continue
            run_at, value = fed
            if nodes_of(value, cst.Call):
                continue  # (a call run where the producer was, not where the feed was: it may give other data)
            if any(assigned.get(n) and (n in params or len(assigned[n]) > 1 or assigned[n][0] >= at)
                   for n in names_in(value)):
                continue  # (bound after the producer, or again: the producer's site would see another value)
            dtype = _arg(values[ph.value], 0, "dtype")
            if dtype is None:
                continue
            code = cst.Module([]).code_for_node
            if code(dtype) == code(cst.Attribute(value, cst.Name("dtype"))):
                new[id(var)] = value
            else:
                root = values[ph.value].func.value if isinstance(values[ph.value].func, cst.Attribute) else None
                if root is None:
                    continue
                new[id(var)] = cst.Call(cst.Attribute(root, cst.Name("constant")),
                                        [cst.Arg(value), cst.Arg(dtype, keyword=cst.Name("dtype"), equal=_EQUAL)])
            runs.setdefault(run_at, []).append(var.value)
            gone.add(id(stmts[where[var.value]]))
            if counts[ph.value] == 3:  # (made, taken by the variable, fed)
                gone.add(id(stmts[where[ph.value]]))
    for run_at, names in runs.items():
        if _only_these(stmts[run_at], names, values):
            gone.add(id(stmts[run_at]))
        else:  # (the run stays: so do the variables and placeholders it names)
            for n in names:
                gone.discard(id(stmts[where[n]]))
                gone.discard(id(stmts[where[_arg(values[n], 0, "initial_value").value]]))
    return (new, gone) if new else None


def _constant(made: cst.Call, at: int, assigned: dict, params: set) -> cst.BaseExpression | None:
    """What a producer may slice for ``made``, a ``Variable(value, trainable=False)`` read only by the producer:
    ``value`` (or ``tf.constant(value, dtype=...)`` as the variable converted it) where ``value`` calls nothing and
    every name it reads is bound once, before the producer (the object the initializer read); None otherwise."""
    value = _arg(made, 0, "initial_value")
    trainable = _arg(made, 1, "trainable")
    if value is None or not isinstance(trainable, cst.Name) or trainable.value != "False" or \
            nodes_of(value, cst.Call) or isinstance(value, (cst.Lambda, cst.ListComp, cst.GeneratorExp)):
        return None
    if _arg(made, 99, "collections") is not None or _arg(made, 99, "validate_shape") is not None or \
            any(a.star for a in made.args) or len([a for a in made.args if a.keyword is None]) > 2:
        return None  # (``collections=[]``: only a run that initializes it sets it; a star: arguments unknown)
    if any(assigned.get(n) and (n in params or len(assigned[n]) > 1 or assigned[n][0] >= at)
           for n in names_in(value)):
        return None
    dtype = _arg(made, 99, "dtype")
    if dtype is None:
        return value
    root = made.func.value if isinstance(made.func, cst.Attribute) else None
    if root is None:
        return None
    return cst.Call(cst.Attribute(root, cst.Name("constant")),
                    [cst.Arg(value), cst.Arg(dtype, keyword=cst.Name("dtype"), equal=_EQUAL)])


def _run_call(stmt: cst.SimpleStatementLine) -> cst.Call | None:
    small = stmt.body[0] if len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run":
        return call
    return None


_INITIALIZERS = ("variables_initializer", "initialize_variables")


def _initialized(item: cst.BaseExpression) -> list[str] | None:
    """The variables a fetch initializes: ``v.initializer``'s ``v``; ``tf.variables_initializer([a, b])``'s
    ``a`` and ``b`` (names, listed inline); None for any other fetch."""
    if isinstance(item, cst.Attribute) and item.attr.value == "initializer" and isinstance(item.value, cst.Name):
        return [item.value.value]
    if _last(item) in _INITIALIZERS and len(item.args) == 1 and item.args[0].keyword is None and \
            not item.args[0].star and isinstance(item.args[0].value, (cst.List, cst.Tuple)) and \
            all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in item.args[0].value.elements):
        return [e.value.value for e in item.args[0].value.elements]
    return None


def _fetched(call: cst.Call) -> list[str] | None:
    """The variables whose initializers the run fetches, when it fetches nothing else."""
    fetches = _arg(call, 0, "fetches")
    items = [e.value for e in fetches.elements] if isinstance(fetches, (cst.List, cst.Tuple)) else [fetches]
    out = []
    for item in items:
        names = _initialized(item)
        if names is None:
            return None
        out += names
    return out


def _fed(stmts, var: str, ph: str) -> tuple[int, cst.BaseExpression] | None:
    """(the statement, the value fed to ``ph``) of the one run that fetches ``var``'s initializer."""
    found = None
    for i, stmt in enumerate(stmts):
        for call in nodes_of(stmt, cst.Call):
            if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "run"):
                continue
            fetches = _arg(call, 0, "fetches")
            if fetches is None or not any(var in (_initialized(a) or ())
                                          for a in [*nodes_of(fetches, cst.Attribute), *nodes_of(fetches, cst.Call)]):
                continue
            feed = _arg(call, 1, "feed_dict")
            if found is not None or not isinstance(feed, cst.Dict):
                return None
            for el in feed.elements:
                if isinstance(el, cst.DictElement) and isinstance(el.key, cst.Name) and el.key.value == ph:
                    found = (i, el.value)
            if found is None:
                return None
    return found


def _only_these(stmt: cst.SimpleStatementLine, names: list[str], values) -> bool:
    """The run is a statement of its own that fetches only these variables' initializers and feeds only their
    placeholders."""
    call = _run_call(stmt)
    if call is None or len(call.args) != 2:
        return False
    fetched = _fetched(call)
    feed = _arg(call, 1, "feed_dict")
    keys = [el.key.value if isinstance(el, cst.DictElement) and isinstance(el.key, cst.Name) else None
            for el in feed.elements]
    return fetched is not None and sorted(fetched) == sorted(names) and \
        sorted(keys, key=str) == sorted(_arg(values[n], 0, "initial_value").value for n in names)


class _Apply(cst.CSTTransformer):
    def __init__(self, new: dict, gone: set) -> None:
        self.new, self.gone = new, gone

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.new.get(id(original), updated)

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemovalSentinel.REMOVE if id(original) in self.gone else updated

    def leave_IndentedBlock(self, original, updated):
        if not updated.body:  # (a block left empty)
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated


def slice_preloaded_variables(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each producer over preloaded variables slicing the values fed (the same module object
    where there is none)."""
    code = code_of(module)
    if _SLICE not in code or _VARIABLE not in code:
        return module
    new: dict = {}
    gone: set = set()
    for fn in nodes_of(module, cst.FunctionDef):
        plan = _plan(fn)
        if plan is not None:
            new.update(plan[0])
            gone |= plan[1]
    return module.visit(_Apply(new, gone)) if new else module


__all__ = ["slice_preloaded_variables"]

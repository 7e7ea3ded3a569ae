"""A batch of in-memory data: ``train.batch(..., enqueue_many=True)`` of constants, numpy arrays, lists.

    features, labels = load_table(path)             # numpy (a function of the module that uses no TensorFlow)
    x_all = tf.constant(features)                   # or the arrays themselves, lists, np.* calls
    x_batch, y_batch = tf.train.batch([x_all, labels], batch_size=9, enqueue_many=True)

No producer feeds such a batch: its queue runner runs the enqueue of the whole data again and again, so the
queue holds the rows of the data, repeated without end, in order (one runner thread; more threads: the
copies in any order, each whole). In tf.data that is ``from_tensor_slices((x_all, labels)).repeat()``, then
the batch's own chain (``shuffle`` for ``shuffle_batch``). It is made only where every tensor is provably the
same at each run: ``tf.constant`` / ``convert_to_tensor`` of such data, numpy calls, literals, names bound
once to them, or unpacked from a call of a module function that uses no TensorFlow, arithmetic of them, and a
``placeholder_with_default`` of them that no run can feed (``unfed_defaults.py``: its default). A placeholder a run
may feed, a variable, a random op or any other TensorFlow op may differ at each run: refused, with the reason.
The statements that make the data stay where they are (the dataset reads their tensors).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment, FunctionScope, GlobalScope, ImportAssignment

from tfdata_bridge._src.migrate.calls import Refusal, literal_bool, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.limit_epochs import unwrap_limits
from tfdata_bridge._src.migrate.param_data import parameter_data
from tfdata_bridge._src.migrate.walk import Visitor

CONSTANT = {"constant", "constant_v1"}  # always the same value: whatever it is made from is data
CONVERTED = {"convert_to_tensor", "convert_to_tensor_v2", "cast", "stack", "concat", "reshape", "transpose",
             "expand_dims", "squeeze", "identity"}  # the same value when their inputs are
DEPTH = 6
_STATIC = {"dtype", "name", "preferred_dtype", "dtype_hint"}  # arguments of CONVERTED that are no tensor


def in_memory_source(finder, stmt: cst.SimpleStatementLine, api: str, args: dict[str, cst.BaseExpression]):
    """The ``Source`` of a batch of in-memory tensors (module docstring) and the batch's arguments as the rest
    of the rewrite reads them (one element per row: ``enqueue_many`` done); None when ``enqueue_many`` is off."""
    from tfdata_bridge._src.migrate.pipelines import Source

    if not literal_bool(args.get("enqueue_many"), False, "enqueue_many"):
        return None
    tensors = args["tensors"]
    if isinstance(tensors, (cst.List, cst.Tuple)):
        parts = [el.value for el in tensors.elements if isinstance(el, cst.Element)]
        if len(parts) != len(tensors.elements):
            raise Refusal(f"`{api}` takes a starred list: its tensors cannot be told apart")
    elif isinstance(tensors, cst.Dict):
        parts = [el.value for el in tensors.elements if isinstance(el, cst.DictElement)]
        if len(parts) != len(tensors.elements):
            raise Refusal(f"`{api}` takes a dict with `**`: its tensors cannot be told apart")
    else:
        parts = [tensors]
    closed: list[cst.SimpleStatementLine] = []  # a closure's ``limit_epochs`` statement: taken out of it
    changed: dict = {}  # a data helper's return, its ``limit_epochs`` taken off (limit_epochs.helper_limits)
    parts, checked, epochs, gone = unwrap_limits(finder, stmt, parts, closed, changed)  # (limit_epochs.py)
    for where, part in checked:
        why = _why_not_data(finder, where, part, DEPTH)
        if why is not None:
            raise Refusal(f"no input producer or reader feeds this `{api}`, and its enqueue_many tensors are not "
                          f"in-memory data: {why}")
    taken: set[str] = set()
    params: list[str] = []
    for i, part in enumerate(parts):
        name = part.value if isinstance(part, cst.Name) and part.value not in taken else f"column_{i}"
        taken.add(name)
        params.append(name)
    names = [cst.Name(p) for p in params]
    if isinstance(tensors, cst.Dict):
        new_tensors: cst.BaseExpression = tensors.with_changes(elements=[
            el.with_changes(value=n) for el, n in zip(tensors.elements, names)])
    elif isinstance(tensors, (cst.List, cst.Tuple)):
        new_tensors = tensors.with_changes(elements=[el.with_changes(value=n) for el, n in zip(tensors.elements, names)])
    else:
        new_tensors = names[0]
    call = {"tensor_list": cst.List([cst.Element(p) for p in parts]), "shuffle": cst.Name("False")}
    if epochs is not None:
        call["num_epochs"] = epochs
    source = Source("slice", gone, params, call=call, producer="enqueue_many", removes=closed, news=changed)
    return source, {**args, "tensors": new_tensors, "enqueue_many": cst.Name("False")}


def _why_not_data(finder, at: cst.CSTNode, node: cst.BaseExpression, depth: int) -> str | None:
    """None when ``node`` is the same value at every run of the graph; else why it may not be."""
    code = finder.code(node) if finder.code is not None else type(node).__name__
    if depth <= 0:
        return f"`{code}` is made too far away to follow"
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return None
    if isinstance(node, cst.Dict):
        if not all(isinstance(el, cst.DictElement) for el in node.elements):
            return f"`{code}` holds `**` entries"
        for el in node.elements:
            why = _why_not_data(finder, at, el.value, depth - 1)
            if why is not None:
                return why
        return None
    if isinstance(node, (cst.List, cst.Tuple)):
        for el in node.elements:
            why = _why_not_data(finder, at, el.value, depth - 1)
            if why is not None:
                return why
        return None
    if isinstance(node, cst.UnaryOperation):
        return _why_not_data(finder, at, node.expression, depth - 1)
    if isinstance(node, cst.IfExp):  # (``test_x if eval_data else train_x``: Python chooses once, as it builds)
        return _why_not_data(finder, at, node.body, depth - 1) or _why_not_data(finder, at, node.orelse, depth - 1)
    if isinstance(node, cst.BinaryOperation):  # (``ids * 2``: the same value when both sides are)
        return _why_not_data(finder, at, node.left, depth - 1) or _why_not_data(finder, at, node.right, depth - 1)
    if isinstance(node, cst.Subscript):  # ``table[:, :2]`` of data is data (indices that call nothing)
        if any(_calls(el) for el in node.slice):
            return f"`{code}` is indexed by a call"
        return _why_not_data(finder, at, node.value, depth - 1)
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.attr.value in ("values", "T"):
        return _why_not_data(finder, at, node.value, depth - 1)
    if isinstance(node, cst.Call):
        path = finder.api(node)
        if path is not None:
            short = path.rsplit(".", 1)[-1]
            if short in CONSTANT:
                return None
            if short == "placeholder_with_default":  # never fed: its default, as ``identity`` of it
                default = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "input"),
                               node.args[0].value if node.args and node.args[0].keyword is None else None)
                if default is None or not finder.unfed(node):
                    return f"`{code}` is a placeholder a run may feed: it may give another value at each run"
                return _why_not_data(finder, at, default, depth - 1)
            if short in CONVERTED:
                for k, arg in enumerate(node.args):
                    if arg.keyword is not None and arg.keyword.value in _STATIC or \
                            short == "cast" and k == 1 and arg.keyword is None:
                        continue  # (``dtype=tf.float32``, ``name="x"``: fixed when the graph is built, no tensor)
                    why = _why_not_data(finder, at, arg.value, depth - 1)
                    if why is not None:
                        return why
                return None
            return f"`{code}` is a TensorFlow op that may give another value at each run"
        if _numpy_call(finder, at, node.func):
            return None
        if isinstance(node.func, cst.Name) and _plain_function(finder, at, node.func.value):
            return None  # ``table = read_table(path)``: a function that uses no TensorFlow returns no tensor
        if isinstance(node.func, cst.Name) and _data_function(finder, at, node.func.value, depth):
            return None  # ``features = table_tensors(table)``: every return of it is in-memory data
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("astype", "reshape", "copy") and \
                not finder.api(node):
            return _why_not_data(finder, at, node.func.value, depth - 1)
        return f"`{code}` is not a call the rewrite knows to make data"
    if isinstance(node, cst.Name):
        made = finder.scopes.single_assignment(at, node.value) or _module_constant(finder, at, node.value)
        if made is None:
            branches = _branch_bindings(finder, at, node.value)
            if branches is None:  # a parameter every call passes data to (param_data.py), or refused
                return parameter_data(finder, at, node.value, depth, lambda w, v, d: _why_not_data(finder, w, v, d))
            # ``if eval_data: data = test_x`` / ``else: data = train_x``: whichever binding reaches the batch,
            # the dataset reads the name where the batch read it, so it is data when every binding is
            for stmt in branches:
                why = _why_not_bound(finder, stmt, node.value, depth)
                if why is not None:
                    return why
            return None
        return _why_not_bound(finder, made, node.value, depth)
    return f"`{code}` is not in-memory data the rewrite can prove"


def _why_not_bound(finder, made: cst.SimpleStatementLine, name: str, depth: int) -> str | None:
    """None when the value ``made`` (a plain ``name = ...`` or an unpacking) binds to ``name`` is in-memory data."""
    value = made.body[0].value
    target = made.body[0].targets[0].target
    if isinstance(target, cst.Name):
        return _why_not_data(finder, made, value, depth - 1)
    if target_names(target) is None:
        return f"`{name}` is bound by an unpacking the rewrite cannot follow"
    if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
        index = next(i for i, el in enumerate(target.elements) if el.value.value == name)
        return _why_not_data(finder, made, value.elements[index].value, depth - 1)
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and finder.api(value) is None and \
            (_plain_function(finder, made, value.func.value) or
             _data_function(finder, made, value.func.value, depth - 1)):
        return None  # a function that uses no TensorFlow returns no tensor; one returning in-memory data
    return f"`{name}` is unpacked from `{finder.code(value) if finder.code else '...'}`, which may " \
           "return tensors"


def _branch_bindings(finder, at: cst.CSTNode, name: str) -> list[cst.SimpleStatementLine] | None:
    """The statements binding ``name`` in the function (or module) whose code reads it at ``at``, when there are
    several and each is a plain one-target ``name = ...`` or flat unpacking (the arms of an ``if``), one of them
    before ``at`` and none ``at`` itself; None otherwise (a parameter, a loop target, ``+=``, another scope)."""
    scope = finder.scopes.scope(at)
    if scope is None or not isinstance(scope, (FunctionScope, GlobalScope)):
        return None
    found = list(scope[name])
    if len(found) < 2:
        return None
    stmts: dict[int, cst.SimpleStatementLine] = {}
    for a in found:
        if not isinstance(a, Assignment) or a.scope is not scope or isinstance(a.node, cst.Param):
            return None
        stmt = finder.scopes.owners.get(id(a.node))
        if stmt is None or stmt is at or len(stmt.body[0].targets) != 1:
            return None
        target = stmt.body[0].targets[0].target
        if not isinstance(target, cst.Name) and not (
                isinstance(target, (cst.Tuple, cst.List)) and
                all(isinstance(el, cst.Element) and isinstance(el.value, cst.Name) for el in target.elements)):
            return None
        stmts[id(stmt)] = stmt
    line = finder.scopes.lines.get(at)
    if line is None or not any(finder.scopes.lines.get(s, line) < line for s in stmts.values()):
        return None
    return list(stmts.values())


def _import_of(finder, at: cst.CSTNode, name: str) -> str | None:
    """The dotted module name ``name`` is bound to by an import at ``at``, if it is."""
    scope = finder.scopes.scope(at)
    if scope is None:
        return None
    for a in scope[name]:
        if isinstance(a, ImportAssignment):
            imp = a.node
            for alias in imp.names if not isinstance(imp.names, cst.ImportStar) else ():
                bound = alias.asname.name.value if alias.asname is not None and isinstance(
                    alias.asname.name, cst.Name) else cst.Module([]).code_for_node(alias.name).split(".")[0]
                if bound == name:
                    full = cst.Module([]).code_for_node(alias.name)
                    if isinstance(imp, cst.ImportFrom) and imp.module is not None:
                        full = cst.Module([]).code_for_node(imp.module) + "." + full
                    return full
    return None


def _numpy_call(finder, at: cst.CSTNode, func: cst.BaseExpression) -> bool:
    root = func
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name):
        return False
    module = _import_of(finder, at, root.value)
    return module is not None and (module == "numpy" or module.startswith("numpy."))


def _plain_function(finder, at: cst.CSTNode, name: str) -> bool:
    """``name`` (read at ``at``) is a function of the module that uses no TensorFlow (``_uses_tensorflow``)."""
    fn = finder.scopes.module_function(at, name)
    return fn is not None and not _uses_tensorflow(finder, fn)


def _data_function(finder, at: cst.CSTNode, name: str, depth: int) -> bool:
    """``name`` (read at ``at``) is a function of the module whose every ``return`` gives in-memory data (tensors
    it builds from constants, numpy and its parameters, which every call passes data: ``param_data.py``), with no
    nested function, ``yield`` or bare ``return``."""
    fn = finder.scopes.module_function(at, name)
    if fn is None or depth <= 1:
        return False
    if nodes_of(fn, cst.Yield) or [n for n in nodes_of(fn, cst.FunctionDef) if n is not fn] or \
            nodes_of(fn, cst.Lambda) or nodes_of(fn, cst.ClassDef):
        return False
    returns = nodes_of(fn, cst.Return)
    if not returns or any(r.value is None for r in returns):
        return False
    lines = {id(r): line for line in nodes_of(fn, cst.SimpleStatementLine) for r in line.body}
    return all(id(r) in lines and _why_not_data(finder, lines[id(r)], r.value, depth - 1) is None for r in returns)


def _uses_tensorflow(finder, fn: cst.FunctionDef) -> bool:
    """Any name in ``fn`` that an import binds to TensorFlow (or anything not numpy, os, math, csv, json)."""
    for name in names_in(fn.body):
        module = _import_of(finder, fn, name)
        if module is None:
            continue
        if module.split(".")[0] not in ("numpy", "os", "math", "csv", "json", "pickle", "gzip", "io", "pandas"):
            return True
    return False


def _calls(node: cst.CSTNode) -> bool:
    found: list[cst.Call] = []

    class _V(Visitor):
        def visit_Call(self, n: cst.Call) -> None:
            found.append(n)

    node.visit(_V())
    return bool(found)


def _module_constant(finder, at: cst.CSTNode, name: str) -> cst.SimpleStatementLine | None:
    """The one module-level ``NAME = ...`` a function's use of ``name`` means (``ROWS = np.arange(10)``)."""
    scope = finder.scopes.scope(at)
    found = list(scope[name]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].scope, GlobalScope):
        return None
    stmt = finder.scopes.owners.get(id(found[0].node))
    return stmt if stmt is not None and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) else None

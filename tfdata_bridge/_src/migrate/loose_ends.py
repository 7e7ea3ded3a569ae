"""Statements between a pipeline's source and its batch that feed nothing the batch takes: dead decode lines and
log lines of per-element tensors. They move into the map function with the per-element code.

    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, features)
    height = tf.cast(parsed['height'], tf.int32)            # dead: nothing reads ``height``
    image = tf.decode_raw(parsed['image_raw'], tf.uint8)
    print_log(worker_num, "image: {0}".format(image))       # a log line of the tensor's repr
    images, names = tf.train.shuffle_batch([image, parsed['name']], ...)

Left where they are, they would read ``parsed`` and ``image``, which move into the map function (the recogniser
refuses: "also used outside the pipeline"). Moved with them:

- a dead assignment (its names read by nothing, or only by other such statements and moved log lines) whose value
  only computes tensors of TensorFlow's from per-element values (no stateful op: no variable, summary, collection,
  random op, ``py_func``, print or assert; no call of the program's own) makes ops in the map function's graph
  that nothing returns, as legacy made ops in the graph that no run asked for: nothing runs them either way;
- a log line, run once when the map function is traced as legacy ran it once when it built the graph:
  ``print(...)``, ``logging.<level>(...)`` (stdlib, absl, ``tf.logging``) or ``<logger>.<level>(...)`` of a
  logger made by ``logging.getLogger``, whose arguments run nothing (names, attributes, string formatting,
  ``str``/``repr``, ``get_shape()``); or a call of a function of the program's own that is given each per-element
  tensor only inside string formatting (``"{}".format(t)``, ``"%s" % t``, ``f"{t}"``, ``str(t)``: it receives
  text) and whose body, seen in this module, only formats and logs.

A tensor given to anything else outside (``tf.summary.image(t)``, ``tf.add_to_collection``, a function of the
program's given the tensor itself, or one whose body is not seen or does more than log) keeps the refusal: its
graph state or ops would be made in the map function's graph instead of the program's.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import Assignment, BuiltinAssignment

from tfdata_bridge._src.migrate.calls import bound_names, code_of, name_ids, names_in, nodes_of, target_names

_LEVELS = frozenset({"debug", "info", "warning", "warn", "error", "critical", "fatal", "exception", "log", "vlog",
                     "log_every_n", "log_first_n", "log_if"})
_TEXT = frozenset({"str", "repr", "format", "len", "int", "float", "round", "type", "min", "max", "abs"})
_TEXT_METHODS = frozenset({"format", "join", "get_shape", "as_list", "upper", "lower", "strip", "replace"})
# parts of a TensorFlow API path whose op keeps state, runs a side effect or reads the graph's state: a dead
# statement calling one stays where it is (and, reading a per-element tensor, keeps the refusal)
_STATEFUL = ("summary", "variable", "random", "py_func", "py_function", "numpy_function", "print", "assert",
             "collection", "queue", "reader", "train", "data", "gfile", "assign", "scatter", "placeholder",
             "session", "debugging", "check_numerics", "save", "restore", "lookup", "table", "init", "control",
             "stateful", "function", "cond", "while", "map_fn", "scan", "foldl", "foldr", "read_file",
             "write_file", "matching_files", "get_", "set_", "py_", "make_", "template", "scope", "seed")

_BY_NAME = re.compile(r"get_tensor_by_name|get_operation_by_name|as_graph_element|[\"'][A-Za-z_][\w/.-]*:\d{1,2}[\"']")


def carry_loose_ends(finder, body: list[cst.BaseStatement], source, intermediates: list[cst.BaseStatement],
                     batch: cst.BaseStatement) -> tuple[list[cst.BaseStatement], list[cst.BaseStatement]]:
    """(``intermediates`` with the dead statements and log lines of per-element tensors among ``body``'s
    statements from the source's first on put in program order, those added). ``intermediates``: in program
    order; ``body``: the block before the batch, flattened as ``Finder.pipeline`` walks it."""
    sources = [source, *source.parts]
    taken = {id(s) for part in sources for s in part.statements}
    params = {p.lstrip("*") for part in sources for p in part.params}
    mapped = {id(s) for s in intermediates}
    at = [i for i, b in enumerate(body) if id(b) in taken]
    if not at:
        return intermediates, []
    per: set[str] = set()  # the names holding per-element values at this point of the block
    found: list[tuple[int, cst.BaseStatement, bool]] = []  # (index, statement, dead assignment)
    for i in range(min(at), len(body)):
        stmt = body[i]
        bound = bound_names(stmt)
        if id(stmt) in taken:
            per |= bound & params
            continue
        if id(stmt) in mapped:
            per |= bound
            continue
        reads = _reads(stmt) & per
        if reads and log_line(finder, stmt, per):
            found.append((i, stmt, False))
            continue
        if reads and _dead_candidate(finder, stmt) and not _by_graph_name(finder):
            found.append((i, stmt, True))
            per |= bound
            continue
        per -= bound
    if not found:
        return intermediates, []
    # a dead statement's names read only by the statements carried with it (and log lines already moved): not by
    # the per-element code or the batch, which may change what it holds (``kept = tensors``; ``kept.append(x)``)
    inside: set[int] = set()
    for node in intermediates:
        small = node.body[0] if isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1 else None
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and _logs(finder, small.value):
            inside |= name_ids(node)
    kept: list[tuple[int, cst.BaseStatement]] = []
    for i, stmt, dead in reversed(found):  # (a dead statement's readers come after it)
        if dead and not _unread(finder, stmt, inside):
            continue  # stays where it is (reading a per-element tensor, ``_check_private`` says why)
        kept.append((i, stmt))
        inside |= name_ids(stmt)
    kept.reverse()
    where = {id(b): i for i, b in enumerate(body)}
    out: list[cst.BaseStatement] = []
    todo = list(kept)
    for m in intermediates:
        k = where.get(id(m))
        if k is not None:
            while todo and todo[0][0] < k:
                out.append(todo.pop(0)[1])
        out.append(m)
    out += [s for _, s in todo]
    return out, [s for _, s in kept]


def _reads(stmt: cst.BaseStatement) -> set[str]:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if isinstance(small, cst.Assign):
        return names_in(small.value)
    if isinstance(small, cst.Expr):
        return names_in(small.value)
    return names_in(stmt)


# -- dead statements --------------------------------------------------------------------------------------------
def _dead_candidate(finder, stmt: cst.BaseStatement) -> bool:
    """``name = <TensorFlow ops of values>`` (or a tuple of names): one plain assignment whose value calls only
    TensorFlow's stateless ops (and ``get_shape()`` / ``as_list()``), no lambda or ``:=``."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)):
        return False
    a = stmt.body[0]
    if len(a.targets) != 1:
        return False
    target = a.targets[0].target
    names = target_names(target)
    if not names or nodes_of(target, cst.Attribute) or nodes_of(target, cst.Subscript) or \
            nodes_of(target, cst.StarredElement):
        return False
    value = a.value
    if nodes_of(value, cst.Lambda) or nodes_of(value, cst.NamedExpr) or nodes_of(value, cst.Yield) or \
            nodes_of(value, cst.Await):
        return False
    for call in nodes_of(value, cst.Call):
        path = finder.api(call)
        if path is None:
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in ("get_shape", "as_list") and not call.args:
                continue
            return False
        parts = path.lower().split(".")
        if any(bad in part for part in parts for bad in _STATEFUL):
            return False
    return True


def _by_graph_name(finder) -> bool:
    """The program may fetch a tensor by its graph name (``get_tensor_by_name``, ``sess.run("cast:0")``): a dead
    statement's op may be one it runs, which in the map function's graph it would no longer find."""
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    texts = [code_of(module)] if module is not None else []
    other = getattr(finder.external, "other_texts", None) if finder.external is not None else None
    texts += list(other()) if other is not None else []
    return any(_BY_NAME.search(text) for text in texts)


def _unread(finder, stmt: cst.SimpleStatementLine, inside: set[int]) -> bool:
    """Every name ``stmt`` binds is read only by nodes of ``inside`` (and bound in ``stmt``'s own scope)."""
    scope = finder.scopes.scope(stmt)
    if scope is None:
        return False
    target = stmt.body[0].targets[0].target
    own = {id(n) for n in nodes_of(target, cst.Name)}
    for name in target_names(target) or ():
        if name == "_":
            continue
        # (a ``global`` / ``nonlocal`` name is bound in another scope, read where this one cannot see)
        if not any(isinstance(a, Assignment) and id(a.node) in own for a in scope.assignments[name]):
            return False
        if any(id(ref) not in inside for ref in finder.scopes.readers_of(stmt, name)):
            return False
    return True


# -- log lines --------------------------------------------------------------------------------------------------
def log_line(finder, stmt: cst.BaseStatement, per: set[str]) -> bool:
    """``stmt`` is one call logging the per-element names ``per`` it reads (the module docstring's forms)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return False
    call = stmt.body[0].value
    if not isinstance(call, cst.Call) or nodes_of(call, cst.Lambda) or nodes_of(call, cst.NamedExpr):
        return False
    if not all(_inert(finder, arg.value) for arg in call.args):
        return False
    if _logs(finder, call):
        return True
    fn = _own_function(finder, call)
    if fn is None or not _only_logs(finder, fn):
        return False
    # the program's function: each per-element name only inside string formatting (it receives text)
    texts: set[int] = set()
    for arg in call.args:
        for node in _formatted(arg.value):
            texts |= name_ids(node)
    return all(id(n) in texts for arg in call.args for n in nodes_of(arg.value, cst.Name) if n.value in per)


def _logs(finder, call: cst.Call) -> bool:
    """``print(...)``, ``[tf.]logging.<level>(...)``, ``<logger>.<level>(...)`` (``logger = logging.getLogger(...)``
    or ``tf.get_logger()``, bound once)."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value == "print" and _builtin(finder, func)
    if not isinstance(func, cst.Attribute) or func.attr.value not in _LEVELS:
        return False
    path = finder.api(call) or ""
    if "logging" in path.split(".")[:-1]:
        return True
    owner = func.value
    if isinstance(owner, cst.Name) and owner.value == "logging" or \
            isinstance(owner, cst.Attribute) and owner.attr.value == "logging":
        root = owner
        while isinstance(root, cst.Attribute):
            root = root.value
        return isinstance(root, cst.Name) and _imported(finder, root)
    if isinstance(owner, cst.Name):  # a logger object
        made = _one_binding(finder, owner)
        if isinstance(made, cst.Assign) and isinstance(made.value, cst.Call):
            maker = made.value.func
            if isinstance(maker, cst.Attribute) and maker.attr.value == "getLogger" and \
                    isinstance(maker.value, cst.Name) and maker.value.value == "logging" and \
                    _imported(finder, maker.value):
                return True
            return (finder.api(made.value) or "").rsplit(".", 1)[-1] == "get_logger"
    return False


def _inert(finder, expr: cst.BaseExpression) -> bool:
    """``expr`` runs nothing but text: every call in it a pure builtin (``str``, ``repr``, ``len``...), a string
    method (``"...".format``, ``join``), ``get_shape()`` / ``as_list()``."""
    for call in nodes_of(expr, cst.Call):
        func = call.func
        if isinstance(func, cst.Name) and func.value in _TEXT and _builtin(finder, func):
            continue
        if isinstance(func, cst.Attribute) and func.attr.value in _TEXT_METHODS and finder.api(call) is None:
            continue
        return False
    return True


def _formatted(expr: cst.BaseExpression) -> list[cst.CSTNode]:
    """The parts of ``expr`` that string formatting turns into text: ``"...".format(...)``'s arguments,
    ``"..." % x``'s ``x``, an f-string's expressions, ``str(x)`` / ``repr(x)``'s argument."""
    out: list[cst.CSTNode] = []
    for call in nodes_of(expr, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "format" and \
                isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            out += [a.value for a in call.args]
        elif isinstance(func, cst.Name) and func.value in ("str", "repr"):
            out += [a.value for a in call.args]
    for op in nodes_of(expr, cst.BinaryOperation):
        if isinstance(op.operator, cst.Modulo) and \
                isinstance(op.left, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            out.append(op.right)
    for f in nodes_of(expr, cst.FormattedStringExpression):
        out.append(f.expression)
    return out


def _own_function(finder, call: cst.Call) -> cst.FunctionDef | None:
    """The ``def`` of this module (module level or an enclosing function's) that ``call`` calls by its name."""
    if not isinstance(call.func, cst.Name):
        return None
    made = _one_binding(finder, call.func)
    return made if isinstance(made, cst.FunctionDef) else None


def _only_logs(finder, fn: cst.FunctionDef) -> bool:
    """``fn``'s body only formats text, logs it and returns it: no call but the log forms and pure builtins /
    string methods, no name but its own bound, no ``global``, ``nonlocal``, ``yield``, ``with``, ``del``."""
    body = fn.body
    if nodes_of(body, cst.Global) or nodes_of(body, cst.Nonlocal) or nodes_of(body, cst.Yield) or \
            nodes_of(body, cst.With) or nodes_of(body, cst.Del) or nodes_of(body, cst.FunctionDef) or \
            nodes_of(body, cst.ClassDef) or nodes_of(body, cst.Lambda) or fn.decorators:
        return False
    for t in [*nodes_of(body, cst.AssignTarget), *nodes_of(body, cst.AugAssign), *nodes_of(body, cst.AnnAssign)]:
        if not isinstance(t.target, cst.Name):
            return False
    for call in nodes_of(body, cst.Call):
        func = call.func
        if isinstance(func, cst.Name) and func.value in _TEXT and _builtin(finder, func):
            continue
        if isinstance(func, cst.Attribute) and func.attr.value in _TEXT_METHODS and finder.api(call) is None:
            continue
        if _logs(finder, call):
            continue
        if isinstance(func, cst.Attribute) and func.attr.value in ("write", "flush") and \
                isinstance(func.value, cst.Attribute) and func.value.attr.value in ("stdout", "stderr") and \
                isinstance(func.value.value, cst.Name) and func.value.value.value == "sys":
            continue
        return False
    return True


def _one_binding(finder, name: cst.Name) -> cst.CSTNode | None:
    """The one statement node (a ``def``, an ``Assign``) binding ``name`` where it is read."""
    scope = finder.scopes.scope(name)
    if scope is None:
        return None
    found = list(scope[name.value])
    if len(found) != 1 or not isinstance(found[0], Assignment):
        return None
    node = found[0].node
    if isinstance(node, cst.FunctionDef):
        return node
    if isinstance(node, cst.Name):
        owner = finder.scopes.owners.get(id(node))
        if owner is not None and len(owner.body) == 1 and isinstance(owner.body[0], cst.Assign) and \
                isinstance(owner.body[0].targets[0].target, cst.Name) and len(owner.body[0].targets) == 1:
            return owner.body[0]
    return None


def _builtin(finder, name: cst.Name) -> bool:
    scope = finder.scopes.scope(name)
    found = list(scope[name.value]) if scope is not None else []
    return bool(found) and all(isinstance(a, BuiltinAssignment) for a in found)


def _imported(finder, name: cst.Name) -> bool:
    scope = finder.scopes.scope(name)
    found = list(scope[name.value]) if scope is not None else []
    return bool(found) and all(isinstance(getattr(a, "node", None), (cst.Import, cst.ImportFrom)) for a in found)

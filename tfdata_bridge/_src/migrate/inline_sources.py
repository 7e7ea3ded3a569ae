"""Source helpers called more than once in one function, inlined: the form the recogniser follows.

    def _line_reader(path, num_epochs):                  def get_iterator(h):
        queue = tf.train.string_input_producer(              path_1 = h.src_file
            [path], num_epochs=num_epochs, shuffle=False)    num_epochs_1 = h.num_epochs
        _, line = tf.TextLineReader().read(queue)            queue_1 = tf.train.string_input_producer(...)
        return line                                          _, line_1 = tf.TextLineReader().read(queue_1)
                                                             src = line_1
    def get_iterator(h):                                     path_2 = h.tgt_file
        src = _line_reader(h.src_file, h.num_epochs)         ...
        tgt = _line_reader(h.tgt_file, h.num_epochs)         tgt = line_2
        ... maybe_batch([src, tgt], ...)                     ... maybe_batch([src, tgt], ...)

(the NMT reader's two files read in step). A reader helper the recogniser turns into a function of the record
serves one pipeline per call; two calls feeding one batch are two sources read in step, which it zips only
where it sees both. Inlined, each call is the helper's statements with its locals renamed apart and its
parameters bound first, in the caller's order: the same ops, made in the same order, so the same program.
Only a helper of straight-line assignments ending in its one ``return``, defined at the top of the module,
making a producer or reader itself, and called as ``names = helper(...)`` outside loops, is inlined; it goes
from the module when nothing else (here or, in a tree, in another module) uses it. ``to_tfdata.run`` keeps the
inlined module only where more pipelines are rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, fresh_name, identifiers, last_name, names_in, nodes_of, target_names


def _straight(fn: cst.FunctionDef, shapes: bool = False) -> list[cst.SimpleStatementLine] | None:
    """The statements of a helper made of single assignments (a docstring first) and a last ``return``;
    ``shapes``: ``name.set_shape(...)`` lines too."""
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock):
        return None
    params = fn.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None or params.posonly_params:
        return None
    out = []
    for i, stmt in enumerate(fn.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
            continue  # the docstring
        last = i == len(fn.body.body) - 1
        if last and isinstance(small, cst.Return) and small.value is not None:
            out.append(stmt)
            return out
        if shapes and isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
                isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "set_shape" and \
                isinstance(small.value.func.value, cst.Name):
            out.append(stmt)  # (``image.set_shape([...])``: a static shape, as in the helper)
            continue
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                target_names(small.targets[0].target) is not None):
            return None
        out.append(stmt)
    return None


def _locals(fn: cst.FunctionDef, body: list[cst.SimpleStatementLine]) -> set[str]:
    names = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}
    for stmt in body:
        small = stmt.body[0]
        if isinstance(small, cst.Assign):
            names |= set(target_names(small.targets[0].target) or ())
    return names


class _Rename(cst.CSTTransformer):
    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        new = self.names.get(original.value)
        return updated.with_changes(value=new) if new else updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)  # ``x.name``: no variable

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)  # ``f(name=...)``: no variable


def _bound_args(fn: cst.FunctionDef, call: cst.Call, dotted_defaults=None) -> dict[str, cst.BaseExpression] | None:
    """Each parameter's value at ``call``: its argument, or a literal default; None where that cannot be told.
    ``dotted_defaults``: also a default ``a.b`` it says yes to (``provider_inline``: a name of an import)."""
    params = [*fn.params.params]
    out: dict[str, cst.BaseExpression] = {}
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args) or len(positional) > len(params):
        return None
    for p, a in zip(params, positional):
        out[p.name.value] = a.value
    known = {p.name.value for p in [*params, *fn.params.kwonly_params]}
    for a in call.args:
        if a.keyword is not None:
            if a.keyword.value not in known or a.keyword.value in out:
                return None
            out[a.keyword.value] = a.value
    for p in [*params, *fn.params.kwonly_params]:
        if p.name.value in out:
            continue
        if dotted_defaults is not None and isinstance(p.default, cst.Attribute) and dotted_defaults(p.default):
            out[p.name.value] = p.default
            continue
        if p.default is None or not isinstance(p.default, (cst.SimpleString, cst.Integer, cst.Float, cst.Name)):
            return None  # (a default made once, when the helper was defined: only literals and names are safe)
        if isinstance(p.default, cst.Name) and p.default.value not in ("None", "True", "False"):
            return None
        out[p.name.value] = p.default
    return out


def _sources(index, module: cst.Module) -> dict[str, tuple[cst.FunctionDef, list[cst.SimpleStatementLine]]]:
    """The module's source helpers by name."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS
    from tfdata_bridge._src.symbols import BY_PATH

    from tfdata_bridge._src.migrate.builder_inline import _straight_calls

    out = {}
    for fn in module.body:
        if not isinstance(fn, cst.FunctionDef):
            continue
        body = _straight(fn, shapes=True)
        if body is None and _in_memory_producer(index, fn):  # (``image.set_shape(...)`` too: a call of its own)
            body = _straight_calls(fn)
        if body is None:
            continue
        paths = [index.paths.get(c) for c in nodes_of(fn, cst.Call)]
        syms = [BY_PATH.get(p) for p in paths if p]
        if any(p in BATCHES or p in JOINS for p in paths if p) or \
                not any(s is not None and s.to_tfdata == "pipeline" for s in syms):
            continue
        out[fn.name.value] = (fn, hoist_producers(fn, body) if _in_memory_producer(index, fn) else body)
    return out


def inline_source_helpers(module: cst.Module, external=None) -> cst.Module:
    """``module`` with the calls of its source helpers inlined in each function that calls them more than once
    (``module`` itself where there is none)."""
    from tfdata_bridge._src.migrate.to_tfdata import survey

    if code_of(module).count("def ") < 1 or not (_two_calls_in_one_function(module) or _producer_spelled(module)):
        return module  # (nothing to inline: the survey, the costly part, is not needed)
    index, scopes, _ = survey(module, external)
    helpers = _sources(index, module)
    if not helpers:
        return module
    producers = {name for name, (fn, _) in helpers.items() if _in_memory_producer(index, fn)}
    taken = {n.value for n in identifiers(module)} | {n.value for n in nodes_of(module, cst.Name)}
    sites: dict[int, list[tuple[cst.SimpleStatementLine, cst.FunctionDef]]] = {}
    callers: dict[int, cst.FunctionDef] = {}
    for caller in [*nodes_of(module, cst.FunctionDef), module]:
        for stmt in (_once(caller, arms=True) if isinstance(caller, cst.FunctionDef) else _once_at_top(module)):
            small = stmt.body[0]
            call = _helper_call(small, helpers)
            if call is None:
                continue
            fn = scopes.module_function(stmt, call.func.value)
            if fn is helpers[call.func.value][0] and fn is not caller:
                sites.setdefault(id(caller), []).append((stmt, fn))
                callers[id(caller)] = caller
    new: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    inlined: dict[str, int] = {}
    for key, calls in sites.items():
        if len(calls) < 2:  # (one call: the recogniser's own reader-helper form; a producer helper has none)
            calls = [(stmt, fn) for stmt, fn in calls if fn.name.value in producers]
        if not calls:
            continue
        own = _assigned(callers[key]) if isinstance(callers[key], cst.FunctionDef) else _assigned_at_top(module)
        for stmt, fn in calls:
            body = helpers[fn.name.value][1]
            free = set().union(*(names_in(s) for s in body)) - _locals(fn, body)
            call = _helper_call(stmt.body[0], helpers)
            bound = _bound_args(fn, call)
            if bound is None or free & own:
                continue  # (a global of the helper's that the caller binds too would mean another value)
            names = {name: fresh_name(name, taken) for name in sorted(_locals(fn, body))}
            new[stmt] = inlined_at(stmt, call, bound, body, names)
            inlined[fn.name.value] = inlined.get(fn.name.value, 0) + 1
    if not new:
        return module
    return module.visit(_Inline(new, dead_helpers(inlined, {n: fn for n, (fn, _) in helpers.items()}, scopes,
                                                  external)))


def inlined_at(stmt: cst.SimpleStatementLine, call: cst.Call, bound: dict, body: list[cst.BaseStatement],
               names: dict[str, str], transform=None) -> list[cst.BaseStatement]:
    """The statements standing for ``stmt`` (``names = f(...)``, ``call`` the call of ``f`` in it) with ``f``'s
    straight ``body`` written in: its parameters bound first (``bound``: parameter -> value), its locals renamed
    (``names``), ``transform`` (a node -> node) applied to each statement and to the returned value before the
    renaming, the returned value put where the call was (parenthesized where it stands in a larger expression)."""
    rename = _Rename(names)
    change = transform or (lambda node: node)
    stmts: list[cst.BaseStatement] = [
        cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[p]))], value)])
        for p, value in bound.items()]
    stmts += [change(s).visit(rename).with_changes(leading_lines=()) for s in body[:-1]]
    returned = change(body[-1].body[0].value).visit(rename)
    if call is not stmt.body[0].value and not isinstance(returned, (cst.Name, cst.Call, cst.Attribute,
                                                                    cst.Subscript)):
        returned = returned.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    value = stmt.body[0].value.visit(_Put(call, returned))
    stmts.append(stmt.with_changes(body=[stmt.body[0].with_changes(value=value)], leading_lines=()))
    stmts[0] = stmts[0].with_changes(leading_lines=stmt.leading_lines)
    return stmts


def dead_helpers(inlined: dict[str, int], functions: dict[str, cst.FunctionDef], scopes, external) -> set:
    """The functions of ``functions`` (name -> def) inlined (``inlined``: name -> times) at every call the module
    makes and named nowhere else in the tree: they go."""
    gone = set()
    elsewhere = getattr(external, "uses_elsewhere", None)
    for name, count in inlined.items():
        fn = functions[name]
        if len(scopes.callers(fn)) == count and not (elsewhere is not None and elsewhere(name)):
            gone.add(fn)
    return gone


def _helper_call(small: cst.BaseSmallStatement, helpers) -> cst.Call | None:
    """The call of a helper of ``helpers`` (names) that ``names = ...`` holds: its value, or the one call of a
    top-level function in it (``image = read(path, 3) / 255``: the helper's value divided)."""
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
        return None
    if isinstance(small.value, cst.Call):
        calls = [small.value]
    else:
        calls = [c for c in nodes_of(small.value, cst.Call) if isinstance(c.func, cst.Name) and c.func.value in helpers]
        if len(calls) != 1 or nodes_of(small.value, cst.Lambda) or nodes_of(small.value, cst.IfExp) or \
                nodes_of(small.value, cst.BooleanOperation) or nodes_of(small.value, cst.CompFor):
            return None  # (a call made only sometimes, or several times)
        inner = {id(c) for c in nodes_of(calls[0], cst.Call)}
        if any(id(c) not in inner for c in nodes_of(small.value, cst.Call)):
            return None  # (another call beside it: the helper's ops, made first, would come in another order)
    call = calls[0]
    return call if isinstance(call.func, cst.Name) and call.func.value in helpers else None


class _Put(cst.CSTTransformer):
    def __init__(self, call: cst.Call, value: cst.BaseExpression) -> None:
        super().__init__()
        self.call, self.value = call, value

    def leave_Call(self, original, updated):
        return self.value if original is self.call else updated


_PRODUCERS = ("train.slice_input_producer", "train.input_producer", "train.range_input_producer")
# (a file-name producer's helper is the recogniser's own form: the queue it returns is read by the caller's reader)
_SPELLED = re.compile(r"(?<!\w)(slice_|range_)?input_producer\b")


def _producer_spelled(module: cst.Module) -> bool:
    """The module spells an in-memory input producer (by spelling alone: a helper ``_in_memory_producer`` takes
    is among these)."""
    return in_memory_producer_spelled(code_of(module))


def in_memory_producer_spelled(text: str) -> bool:
    """``text`` spells ``slice_input_producer``, ``range_input_producer`` or ``input_producer``."""
    return _SPELLED.search(text) is not None


def _in_memory_producer(index, fn: cst.FunctionDef) -> bool:
    """``fn`` makes an input producer itself and reads no reader: its producer's elements are what it returns
    (``input_queue = slice_input_producer([images, labels]); return decode(input_queue[0]), input_queue[1]``),
    which the recogniser follows only where the producer and the batch stand in one block: inlined at each of
    its calls, even one (a reader helper, ``x.read(queue)`` in it, is the recogniser's own form)."""
    from tfdata_bridge._src.symbols import BY_PATH

    calls = nodes_of(fn, cst.Call)
    if any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("read", "read_up_to") for c in calls):
        return False
    syms = [BY_PATH.get(index.paths.get(c) or "") for c in calls]
    return any(s is not None and s.name in _PRODUCERS for s in syms)


def hoist_producers(fn: cst.FunctionDef, body: list[cst.SimpleStatementLine]) -> list[cst.SimpleStatementLine]:
    """``body`` (a producer helper's straight statements) with an in-memory producer's call made inside a larger
    expression (``return slice_input_producer([t], ...)[0] + 1``, ``x = range_input_producer(n).dequeue()``)
    bound to a name of its own first (``queue = slice_input_producer(...)``, then ``return queue[0] + 1``): the
    form the recogniser follows. Only where nothing else in the expression is a call (but the producer's own
    ``.dequeue()``), so no op is made in another order."""
    taken = {n.value for n in nodes_of(fn, cst.Name)}
    out: list[cst.SimpleStatementLine] = []
    for stmt in body:
        small = stmt.body[0]
        value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
        made = [c for c in nodes_of(value, cst.Call) if last_name(c.func) in _LAST] if value is not None else []
        if len(made) != 1 or made[0] is value:
            out.append(stmt)
            continue
        call = made[0]
        inside = {id(c) for c in nodes_of(call, cst.Call)}
        dequeues = [c for c in nodes_of(value, cst.Call) if isinstance(c.func, cst.Attribute) and
                    c.func.value is call and c.func.attr.value == "dequeue" and not c.args]
        if any(id(c) not in inside and c not in dequeues for c in nodes_of(value, cst.Call)):
            out.append(stmt)
            continue
        name = "queue" if "queue" not in taken else fresh_name("queue", taken)
        taken.add(name)
        out.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], call)],
                                           leading_lines=stmt.leading_lines))
        if dequeues and dequeues[0] is not value:  # (``queue.dequeue() * 3``: the element named too)
            element = "element" if "element" not in taken else fresh_name("element", taken)
            taken.add(element)
            out.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(element))],
                                                           dequeues[0].with_changes(func=dequeues[0].func.with_changes(
                                                               value=cst.Name(name))))]))
            new = value.deep_replace(dequeues[0], cst.Name(element))
        else:
            new = value.deep_replace(call, cst.Name(name))
        out.append(stmt.with_changes(body=[small.with_changes(value=new)], leading_lines=()))
    return out


_LAST = {p.rsplit(".", 1)[-1] for p in _PRODUCERS}


def _once_at_top(module: cst.Module) -> list[cst.SimpleStatementLine]:
    """The module's top-level statements (and its top-level ``with`` blocks'), which run once."""
    return _once(cst.FunctionDef(cst.Name("_"), cst.Parameters(), cst.IndentedBlock(list(module.body))))


def _assigned_at_top(module: cst.Module) -> set[str]:
    out: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            out.add(stmt.name.value)
            continue
        for t in nodes_of(stmt, cst.AssignTarget):
            out |= names_in(t.target)
        for f in nodes_of(stmt, cst.For):
            out |= names_in(f.target)
    return out


def _two_calls_in_one_function(module: cst.Module) -> bool:
    """Some function assigns the result of a call of the module's top-level functions twice, in statements that
    run once per call (by spelling alone: what ``inline_source_helpers`` inlines is among these)."""
    top = {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}
    for caller in nodes_of(module, cst.FunctionDef):
        calls = 0
        for stmt in _once(caller, arms=True):
            small = stmt.body[0]
            calls += _helper_call(small, top) is not None
            if calls >= 2:
                return True
    return False


def _once(fn: cst.FunctionDef, arms: bool = False) -> list[cst.SimpleStatementLine]:
    """The function's statements that run once per call: its body's and its ``with`` blocks'; ``arms``: also
    those of its ``if`` statements' arms, which run at most once (a function ``grown_lists.branch_grown_lists``
    wrote with its statements in each arm of a test), each call inlined where it stands."""
    out: list[cst.SimpleStatementLine] = []
    todo = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    while todo:
        stmt = todo.pop(0)
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            out.append(stmt)
        elif isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
            todo = [*stmt.body.body, *todo]
        elif isinstance(stmt, cst.If) and arms:  # (an arm's statements run at most once per call)
            arm: cst.If | cst.Else | None = stmt
            while isinstance(arm, (cst.If, cst.Else)):
                if isinstance(arm.body, cst.IndentedBlock):
                    todo = [*todo, *arm.body.body]
                arm = arm.orelse if isinstance(arm, cst.If) else None
    return out


def _assigned(fn: cst.FunctionDef) -> set[str]:
    out = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}
    for t in nodes_of(fn, cst.AssignTarget):
        out |= names_in(t.target)
    for f in nodes_of(fn, cst.For):
        out |= names_in(f.target)
    return out


class _Inline(cst.CSTTransformer):
    def __init__(self, new: dict, gone: set) -> None:
        self.new, self.gone = new, gone

    def leave_SimpleStatementLine(self, original, updated):
        return cst.FlattenSentinel(self.new[original]) if original in self.new else updated

    def leave_FunctionDef(self, original, updated):
        return cst.RemovalSentinel.REMOVE if original in self.gone else updated


__all__ = ["inline_source_helpers"]

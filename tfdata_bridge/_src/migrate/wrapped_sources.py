"""A wrapper of a source helper, inlined where it is called (held-out round 71, google/seq2seq's
``make_parallel_data_provider`` reading its options from ``**kwargs``):

    def _read(files, num_epochs, shuffle, seed):           def main(files):
        queue = tf.train.string_input_producer(...)            files_1 = files
        _, value = tf.TextLineReader().read(queue)             kwargs_1 = {"shuffle": False, "num_epochs": 1}
        return value                                           shuffle_1 = False
                                                               num_epochs_1 = 1
    def make(files, **kwargs):                                 seed_1 = None
        shuffle = kwargs.get("shuffle", True)                  v_1 = _read(files_1, num_epochs_1, shuffle_1, seed_1)
        num_epochs = kwargs.get("num_epochs", None)            v = v_1
        seed = kwargs.get("seed", None)                        b = tf.train.batch([v], 2)
        v = _read(files, num_epochs, shuffle, seed)
        return v

    def main(files):
        v = make(files, shuffle=False, num_epochs=1)
        b = tf.train.batch([v], 2)

The recogniser follows a source helper called where the batch stands (``helpers.py``), and two such calls read in
step (``inline_sources.py``); a function between them (options read, a second side read, the values handed back)
hides the helper's call from the batch. Inlined at its call, the wrapper's statements stand in the caller, its
parameters bound first, its locals renamed apart: the same ops, made in the same order. A ``**kwargs`` read only
as ``kwargs.get("key", default)`` (each such read a whole assignment's value) gets what the call passes by keyword
for that key, else the default: what ``dict.get`` returns on that run; the dict itself stays bound for nothing else.

Only a top-level function of straight assignments ending in its one ``return`` (``inline_sources._straight``; a
``**kwargs`` so read allowed), making no producer or reader itself, calling a source helper of its module
(``inline_sources._sources``) in a statement ``names = helper(...)``, called as ``names = wrapper(...)`` in a
statement that runs once per call of another function (no ``*``/``**`` argument, defaults literal or a dotted
name whose root the caller does not bind) is inlined; it goes where nothing else in the tree uses it.
``to_tfdata.run`` keeps the inlined module only where more pipelines are rewritten. Cost on other modules: a text
test (``input_producer`` spelled, ``def`` twice) before any parse or survey.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, fresh_name, identifiers, names_in, nodes_of, target_names


def _kwargs_reads(fn: cst.FunctionDef) -> dict[int, tuple[str, cst.BaseExpression]] | None:
    """Each ``kwargs.get("key"[, default])`` of ``fn``'s ``**kwargs`` (by the id of its call): (key, default);
    None where the dict is read otherwise, or ``fn`` has no ``**kwargs``. Each read must be an assignment's
    whole value."""
    star = fn.params.star_kwarg
    if star is None:
        return {}
    name = star.name.value
    out: dict[int, tuple[str, cst.BaseExpression]] = {}
    values = {id(a.value) for a in nodes_of(fn.body, cst.Assign)}
    gets = {}
    for call in nodes_of(fn.body, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name:
            gets[id(func.value)] = call
    for n in identifiers(fn.body):
        if n.value != name:
            continue
        call = gets.get(id(n))
        if call is None or call.func.attr.value != "get" or id(call) not in values or not 1 <= len(call.args) <= 2 \
                or any(a.keyword is not None or a.star for a in call.args) or \
                not isinstance(call.args[0].value, cst.SimpleString):
            return None
        default = call.args[1].value if len(call.args) == 2 else cst.Name("None")
        if nodes_of(default, cst.Call) or names_in(default) - {"None", "True", "False"}:
            return None  # (a default computed: a literal only, so nothing runs in another order)
        out[id(call)] = (call.args[0].value.evaluated_value, default)
    return out


def _straight_wrapper(fn: cst.FunctionDef):
    """(straight statements, kwargs reads) of ``fn``: ``inline_sources._straight`` with a ``**kwargs`` so read."""
    from tfdata_bridge._src.migrate.inline_sources import _straight

    reads = _kwargs_reads(fn)
    if reads is None:
        return None
    plain = fn.with_changes(params=fn.params.with_changes(star_kwarg=None)) if fn.params.star_kwarg else fn
    body = _straight(plain)
    return None if body is None else (body, reads)


def _bind(fn: cst.FunctionDef, call: cst.Call, dotted_ok) -> tuple[dict, dict] | None:
    """(parameter -> value at ``call``, ``**kwargs`` keys -> value); None where that cannot be told."""
    params = list(fn.params.params)
    if any(a.star for a in call.args) or fn.params.kwonly_params or fn.params.posonly_params:
        return None
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) > len(params):
        return None
    out = {p.name.value: a.value for p, a in zip(params, positional)}
    extra: dict[str, cst.BaseExpression] = {}
    for a in call.args:
        if a.keyword is None:
            continue
        k = a.keyword.value
        if k in out or k in extra:
            return None
        if k in {p.name.value for p in params}:
            out[k] = a.value
        elif fn.params.star_kwarg is not None:
            extra[k] = a.value
        else:
            return None
    for p in params:
        if p.name.value in out:
            continue
        d = p.default
        if d is None:
            return None
        if isinstance(d, (cst.SimpleString, cst.Integer, cst.Float)) or \
                isinstance(d, cst.Name) and d.value in ("None", "True", "False"):
            out[p.name.value] = d
        elif isinstance(d, (cst.Attribute, cst.Name)) and dotted_ok(d):
            out[p.name.value] = d
        else:
            return None
    return out, extra


def _root(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


def _imported(module: cst.Module) -> set[str]:
    out: set[str] = set()
    for stmt in module.body:
        for imp in [*nodes_of(stmt, cst.Import), *nodes_of(stmt, cst.ImportFrom)] if \
                isinstance(stmt, cst.SimpleStatementLine) else []:
            if isinstance(imp.names, cst.ImportStar):
                continue
            for alias in imp.names:
                target = alias.asname.name if alias.asname is not None else alias.name
                root = _root(target) if isinstance(alias.asname, type(None)) else target
                if isinstance(root, cst.Name):
                    root = root.value
                if isinstance(root, str):
                    out.add(root)
    return out


_LITERALS = (cst.List, cst.Tuple, cst.Dict, cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)


def _known_test(test: cst.BaseExpression, bound: dict) -> bool | None:
    """The truth of ``test`` (``p is None``, ``p is not None``, ``p == None``, ``p != None``, ``p``, ``not p``) at a
    call binding ``p`` to a literal: ``None``, or a list, tuple, dict, string or number; None where not known."""
    from tfdata_bridge._src.migrate.none_readers import _when_none

    for name, value in bound.items():
        when_none = _when_none(test, name)
        if when_none is None:
            continue
        if isinstance(value, cst.Name) and value.value == "None":
            return when_none
        if not isinstance(value, _LITERALS):
            return None
        plain, nots = test, 0
        while isinstance(plain, cst.UnaryOperation) and isinstance(plain.operator, cst.Not):
            plain, nots = plain.expression, nots + 1
        if isinstance(plain, cst.Comparison):  # (not None: the comparison's other answer)
            return not when_none
        truth = bool(value.elements) if isinstance(value, (cst.List, cst.Tuple, cst.Dict)) else \
            bool(value.evaluated_value) if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)) else \
            bool(float(value.value.replace("_", ""))) if isinstance(value, cst.Float) else \
            bool(int(value.value.replace("_", ""), 0))
        return truth if nots % 2 == 0 else not truth
    return None


def _folded(fn: cst.FunctionDef, bound: dict) -> cst.FunctionDef:
    """``fn`` with each top-level ``if`` whose test ``_known_test`` tells replaced by the arm taken at the call
    (a parameter never rebound in ``fn``)."""
    from tfdata_bridge._src.migrate.calls import bound_names

    if not isinstance(fn.body, cst.IndentedBlock) or not any(isinstance(s, cst.If) for s in fn.body.body):
        return fn
    fixed = {k: v for k, v in bound.items() if k not in bound_names(fn.body)}
    out: list[cst.BaseStatement] = []
    todo = list(fn.body.body)
    while todo:
        stmt = todo.pop(0)
        truth = _known_test(stmt.test, fixed) if isinstance(stmt, cst.If) else None
        if truth is None:
            out.append(stmt)
            continue
        arm = stmt.body if truth else stmt.orelse
        if isinstance(arm, cst.If):  # (an ``elif``: tested in turn)
            todo = [arm.with_changes(leading_lines=()), *todo]
        elif arm is not None:
            inner = arm.body if isinstance(arm, cst.Else) else arm
            todo = [*(inner.body if isinstance(inner, cst.IndentedBlock) else
                      [cst.SimpleStatementLine(list(inner.body))]), *todo]
    return fn.with_changes(body=fn.body.with_changes(body=out))


def _span(module: cst.Module, fn: cst.FunctionDef) -> slice:
    """Where ``fn``'s text stands in ``module``'s (an over-wide slice is harmless: a test of spelling only)."""
    text = code_of(module)
    at = text.find(f"def {fn.name.value}(")
    if at < 0:
        return slice(0, len(text))
    end = text.find("\ndef ", at + 1)
    return slice(at, len(text) if end < 0 else end)


def _gate(text: str) -> bool:
    return "input_producer" in text and text.count("def ") >= 3


def inline_source_wrappers(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each call of a wrapper of its source helpers inlined (``module`` itself where none)."""
    from tfdata_bridge._src.migrate.inline_sources import _assigned, _helper_call, _Inline, _locals, _once, \
        _sources, dead_helpers, inlined_at
    from tfdata_bridge._src.migrate.to_tfdata import survey

    if not _gate(code_of(module)):
        return module
    tops = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    spelled = {name for name, fn in tops.items()  # (a function spelling a source: by its text, before any survey)
               if any(t in code_of(module)[_span(module, fn)] for t in _SOURCE_SPELLED)}
    candidates = {name: fn for name, fn in tops.items() if name not in spelled and
                  any(_helper_call(s.body[0], spelled) is not None for s in _once(fn, arms=True))}
    if not candidates:
        return module
    index, scopes, _ = survey(module, external)
    helpers = _sources(index, module)
    wrappers = {n: fn for n, fn in candidates.items() if n not in helpers and
                any(_helper_call(s.body[0], helpers) is not None for s in _once(fn, arms=True))}
    if not wrappers:
        return module
    imported = _imported(module)  # (a default's root: a name the module imports)
    taken = {n.value for n in identifiers(module)} | {n.value for n in nodes_of(module, cst.Name)}
    new: dict[cst.SimpleStatementLine, list[cst.BaseStatement]] = {}
    inlined: dict[str, int] = {}
    for caller in nodes_of(module, cst.FunctionDef):
        own = _assigned(caller)
        for stmt in _once(caller, arms=True):
            call = _helper_call(stmt.body[0], wrappers)
            if call is None:
                continue
            fn = wrappers[call.func.value]
            if fn is caller or scopes.module_function(stmt, call.func.value) is not fn:
                continue
            got = _bind(fn, call, lambda d: _root(d) in imported - own)
            if got is None:
                continue
            bound, extra = got
            straight = _straight_wrapper(_folded(fn, bound))  # (a test of a parameter the call makes known)
            if straight is None or not any(_helper_call(s.body[0], helpers) is not None for s in straight[0][:-1]):
                continue
            body, reads = straight
            free = set().union(*(names_in(s) for s in body)) - _locals(fn, body)
            if fn.params.star_kwarg is not None:
                free.discard(fn.params.star_kwarg.name.value)
            if free & own:
                continue  # (a global of the wrapper's that the caller binds too would mean another value)
            names = {n: fresh_name(n, taken) for n in sorted(_locals(fn, body))}
            got_values = {cid: extra.get(key, default) for cid, (key, default) in reads.items()}
            gets = _Gets(got_values)
            new[stmt] = inlined_at(stmt, call, bound, body, names, lambda node: node.visit(gets))
            inlined[fn.name.value] = inlined.get(fn.name.value, 0) + 1
    if not new:
        return module
    return module.visit(_Inline(new, dead_helpers(inlined, wrappers, scopes, external)))


class _Gets(cst.CSTTransformer):
    """Each ``kwargs.get(...)`` read (by the original call's id) replaced by the value that run gets."""

    def __init__(self, got_values: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.got_values = got_values

    def leave_Call(self, original, updated):
        return self.got_values.get(id(original), updated)


_SOURCE_SPELLED = ("input_producer(", ".read(", ".read_up_to(")


def refuse_wrapped_source(finder, between: list[cst.CSTNode], api: str) -> None:
    """Refuses a batch with no recognised source whose tensors come from a call (among ``between``) of a module
    function wrapping a source helper that ``inline_source_wrappers`` left, saying why. Returns otherwise."""
    from tfdata_bridge._src.migrate.calls import Refusal

    module = getattr(finder, "module", None)
    if module is None or not any(t in code_of(module) for t in _SOURCE_SPELLED):
        return
    tops = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    for node in between:
        for call in nodes_of(node, cst.Call):
            fn = tops.get(call.func.value) if isinstance(call.func, cst.Name) else None
            if fn is None or any(t in code_of(cst.Module([fn])) for t in _SOURCE_SPELLED):
                continue
            inner = [tops[c.func.value] for c in nodes_of(fn.body, cst.Call)
                     if isinstance(c.func, cst.Name) and c.func.value in tops and c.func.value != fn.name.value]
            wrapped = next((h for h in inner if any(t in code_of(cst.Module([h])) for t in _SOURCE_SPELLED)), None)
            if wrapped is None:
                continue
            name, helper = fn.name.value, wrapped.name.value
            got = _bind(fn, call, lambda d: True)
            if got is None:
                why = ("it is called with a `*`/`**` argument or a keyword it does not take, or its parameter is "
                       "left at a default that is neither a literal nor an imported name")
            elif _kwargs_reads(fn) is None:
                why = (f"its `**{fn.params.star_kwarg.name.value}` is read otherwise than as "
                       f"`{fn.params.star_kwarg.name.value}.get(\"key\", literal)` (handed on whole, or kept)")
            elif _straight_wrapper(_folded(fn, got[0])) is None:
                why = ("its body is not straight assignments ending in one `return` once the tests of parameters "
                       "this call passes as `None` or a literal are folded (a test of a value known only when it "
                       "runs, a loop, a call standing alone)")
            else:
                return
            raise Refusal(f"this `{api}` batches what `{name}` returns, a wrapper of the source helper `{helper}`; "
                          f"such a wrapper is inlined where it is called (its reads then stand by the batch), but "
                          f"not here: {why}; not rewritten: call `{helper}` where the batch is, or pass the "
                          f"options by name")


__all__ = ["inline_source_wrappers", "refuse_wrapped_source"]

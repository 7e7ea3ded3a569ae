"""A queue whose class a flag chooses in the constructor's callee, written as the ``if``/``else`` the prefetch
and hand-built-queue rewrites follow (held-out round 68: slim's ``prefetch_queue`` with ``dynamic_pad``):

    queue = (tf.PaddingFIFOQueue if dynamic_pad else tf.FIFOQueue)(capacity=..., dtypes=..., shapes=...)

    def _which_queue(padded):                          if dynamic_pad:
        return PaddingFIFOQueue if padded else ...  ->     queue = tf.PaddingFIFOQueue(capacity=..., ...)
    queue = _which_queue(dynamic_pad)(capacity=...)    else:
                                                           queue = tf.FIFOQueue(capacity=..., ...)

The same program: the test is evaluated once, before the arguments, as the callee was; the arguments once, in
the arm taken. The chooser is a function of the module (not decorated) whose body is ``return A if test else
B`` or ``if test: return A`` / ``else``-``return B``, ``A`` and ``B`` TensorFlow's ``FIFOQueue`` /
``PaddingFIFOQueue`` (any spelling that imports them), its test reading its parameters only; the call's
arguments are names, attributes or literals (a parameter read twice in the test would evaluate an argument
twice otherwise). A chooser nothing else reads, here or in another module of the tree, goes.
``tree.rewrite_tree`` writes the choices before anything else (the same program), a module then left whole
giving its own text back; a module rewritten alone takes them as one of round 16's forms (``r16_forms.py``).
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import MetadataWrapper, QualifiedNameProvider

from tfdata_bridge._src.migrate.calls import code_of, nodes_of

_CLASSES = ("FIFOQueue", "PaddingFIFOQueue")
_QUICK = re.compile(r"\)\s*\(")  # (a call of what a call or a parenthesised conditional gives)
_UNSAFE = (cst.Call, cst.Lambda, cst.NamedExpr, cst.Await, cst.Yield, cst.ListComp, cst.GeneratorExp,
           cst.DictComp, cst.SetComp, cst.Subscript)


def split_queue_class_choices(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` (path -> source) with each queue constructor whose class a flag chooses written as an
    ``if``/``else`` of two constructors; None where nothing changed."""
    out, done = dict(texts), False
    for path, text in texts.items():
        if "FIFOQueue" not in text or not _QUICK.search(text):
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        others = [t for p, t in texts.items() if p != path]
        new = _split(module, others)
        if new is not None:
            out[path], done = new, True
    return out if done else None


def split_module(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with its queue class choices written as ``if``/``else`` (round 16's forms' signature; the same
    module object where there is none). A chooser goes only where nothing in the module reads it: another
    module may."""
    code = code_of(module)
    if "FIFOQueue" not in code or not _QUICK.search(code):
        return module
    new = _split(module, None)
    return module if new is None else cst.parse_module(new)


def _split(module: cst.Module, others: list[str] | None) -> str | None:
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    names = wrapper.resolve(QualifiedNameProvider)

    def queue_class(node: cst.BaseExpression) -> str | None:
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        found = names.get(node, ())
        for q in (found() if callable(found) else found):  # (a lazy value in newer libcst)
            short = q.name.rsplit(".", 1)[-1]
            if short in _CLASSES and q.name.startswith("tensorflow."):
                return short
        return None

    choosers = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef) and _chooser(s, queue_class)}
    changed: dict[cst.SimpleStatementLine, cst.If] = {}
    used: set[str] = set()
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        small = stmt.body[0] if len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
            continue
        func = small.value.func
        choice = None
        if isinstance(func, cst.IfExp) and queue_class(func.body) and queue_class(func.orelse):
            choice = (func.test, func.body, func.orelse)
        elif isinstance(func, cst.Call) and isinstance(func.func, cst.Name) and func.func.value in choosers:
            choice = _substituted(choosers[func.func.value], func)
            if choice is not None:
                used.add(func.func.value)
        if choice is None or any(nodes_of(choice[0], t) for t in (cst.Lambda, cst.NamedExpr, cst.Await, cst.Yield)):
            continue
        test, yes, no = choice
        changed[stmt] = cst.If(test=_bare(test), body=_arm(stmt, small, yes),
                               orelse=cst.Else(body=_arm(stmt, small, no)), leading_lines=stmt.leading_lines)
    if not changed:
        return None

    class _Put(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            return changed.get(original, updated)

    new = module.visit(_Put())
    gone = {n for n in used if others is not None and _unread(new, n, others)}
    if gone:
        new = new.with_changes(body=[s for s in new.body if not (isinstance(s, cst.FunctionDef) and
                                                                  s.name.value in gone)])
    return new.code


def _arm(stmt: cst.SimpleStatementLine, small: cst.Assign, cls: cst.BaseExpression) -> cst.IndentedBlock:
    """The branch making the queue of class ``cls``: the statement with that class called."""
    return cst.IndentedBlock(body=[stmt.with_changes(leading_lines=[], body=[
        small.with_changes(value=small.value.with_changes(func=cls))])])


def _bare(test: cst.BaseExpression) -> cst.BaseExpression:
    return test.with_changes(lpar=[], rpar=[]) if getattr(test, "lpar", None) else test


def _returns(fn: cst.FunctionDef) -> list[cst.BaseStatement]:
    """``fn``'s statements, its docstring left out."""
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) and \
            isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        body = body[1:]
    return body


def _returned(stmt) -> cst.BaseExpression | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Return):
        return stmt.body[0].value
    return None


def _chooser_parts(fn: cst.FunctionDef):
    """(test, class if it holds, class if not) of ``return A if test else B`` or ``if test: return A`` followed
    by ``return B`` (or its ``else``); None else."""
    body = _returns(fn)
    if len(body) == 1 and isinstance(_returned(body[0]), cst.IfExp):
        e = _returned(body[0])
        return e.test, e.body, e.orelse
    if len(body) in (1, 2) and isinstance(body[0], cst.If) and isinstance(body[0].body, cst.IndentedBlock) and \
            len(body[0].body.body) == 1 and _returned(body[0].body.body[0]) is not None:
        rest = body[1:] if len(body) == 2 and body[0].orelse is None else \
            list(body[0].orelse.body.body) if len(body) == 1 and isinstance(body[0].orelse, cst.Else) else []
        if len(rest) == 1 and _returned(rest[0]) is not None:
            return body[0].test, _returned(body[0].body.body[0]), _returned(rest[0])
    return None


def _chooser(fn: cst.FunctionDef, queue_class) -> bool:
    parts = _chooser_parts(fn)
    p = fn.params
    return parts is not None and not fn.decorators and not fn.asynchronous and \
        queue_class(parts[1]) is not None and queue_class(parts[2]) is not None and \
        not (isinstance(p.star_arg, cst.Param) or p.kwonly_params or p.star_kwarg or p.posonly_params) and \
        not any(nodes_of(parts[0], t) for t in _UNSAFE) and _reads_params_only(parts[0], fn)


def _reads_params_only(test: cst.BaseExpression, fn: cst.FunctionDef) -> bool:
    """``test`` reads no name but ``fn``'s parameters (and ``True``/``False``/``None``): written at the call, a
    global it read could mean a local of the caller there."""
    params = {p.name.value for p in fn.params.params} | {"True", "False", "None"}
    attrs = {id(a.attr) for a in nodes_of(test, cst.Attribute)}
    return all(n.value in params for n in nodes_of(test, cst.Name) if id(n) not in attrs)


def _substituted(fn: cst.FunctionDef, call: cst.Call):
    """(test, A, B) of the chooser ``fn`` with its parameters replaced by ``call``'s arguments; None where an
    argument is not a name, an attribute or a literal, or the call does not bind each parameter once."""
    params = [p.name.value for p in fn.params.params]
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star or (arg.keyword is None and i >= len(params)):
            return None
        key = params[i] if arg.keyword is None else arg.keyword.value
        if key not in params or key in bound or any(nodes_of(arg.value, t) for t in _UNSAFE):
            return None
        bound[key] = arg.value
    for p in fn.params.params:
        if p.name.value not in bound:
            if p.default is None or any(nodes_of(p.default, t) for t in _UNSAFE):
                return None
            bound[p.name.value] = p.default
    test, yes, no = _chooser_parts(fn)

    class _Sub(cst.CSTTransformer):
        def leave_Attribute(self, original, updated):
            return updated.with_changes(attr=original.attr)  # (``x.padded``'s attr is no parameter)

        def leave_Name(self, original, updated):
            value = bound.get(original.value)
            return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) \
                if value is not None and not isinstance(value, cst.Name) and hasattr(value, "lpar") else \
                value if value is not None else updated

    return test.visit(_Sub()), yes, no


def _unread(module: cst.Module, name: str, others: list[str]) -> bool:
    """No reference to ``name`` is left in ``module`` but its ``def``, nor any in another module's text."""
    word = re.compile(r"\b%s\b" % re.escape(name))
    if any(word.search(t) for t in others):
        return False
    reads = [n for n in nodes_of(module, cst.Name) if n.value == name]
    defs = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    return len(defs) == 1 and len(reads) == 1 and not any(isinstance(s, cst.SimpleString) and name in s.value
                                                          for s in nodes_of(module, cst.SimpleString))


__all__ = ["class_choice_reason", "split_module", "split_queue_class_choices"]


def class_choice_reason(module: cst.Module, line: int, kind: str) -> str | None:
    """Why a queue class ``kind`` named at ``line`` inside a choice of the class is left (a conditional called
    where it stands, or a function of the module returning one class or the other); None where it is not one."""
    from libcst.metadata import ParentNodeProvider, PositionProvider

    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    positions, up = wrapper.resolve(PositionProvider), wrapper.resolve(ParentNodeProvider)
    for node in nodes_of(wrapper.module, cst.Attribute) + nodes_of(wrapper.module, cst.Name):
        where = positions.get(node)
        if where is None or where.start.line != line or \
                (node.attr.value if isinstance(node, cst.Attribute) else node.value) != kind:
            continue
        parent = up.get(node)
        if isinstance(parent, cst.IfExp):
            holder = up.get(parent)
            while holder is not None and not isinstance(holder, (cst.Call, cst.Return, cst.BaseStatement)):
                holder = up.get(holder)
            if isinstance(holder, cst.Call):
                return (f"`{kind}` is one class of a conditional called where it is chosen, its test calling or "
                        "subscripting something (evaluated once, where the class was chosen): the rewrite writes "
                        "such a choice as an `if`/`else` of the two constructors only where the test reads names, "
                        "attributes and literals; test a name bound to that value")
        fn = parent
        while fn is not None and not isinstance(fn, cst.FunctionDef):
            fn = up.get(fn)
        if fn is not None and _chooser_parts(fn) is not None:
            return (f"`{kind}` is returned by `{fn.name.value}`, which chooses the queue class: the rewrite writes "
                    f"`q = {fn.name.value}(...)(...)` as an `if`/`else` of the two constructors only where "
                    f"`{fn.name.value}` is a plain function of the module (not decorated, named parameters), each "
                    "call passes names, attributes or literals (no call: it would be evaluated as many times as the "
                    "test reads the parameter), and the queue is then one the rewrite follows; pass a name bound to "
                    "that value")
    return None

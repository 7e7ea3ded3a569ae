"""A helper's returned list or tuple, kept whole by its caller: its elements named first.

    def read_parse_preproc(filename_queue):
        ...
        return [image]                           # or [image, label], (image, label), a list built by append

    example = read_parse_preproc(filename_queue)
    batch = tf.train.shuffle_batch(example, ...)   # or example[0], or images, = example

become, before recognition,

    image, = read_parse_preproc(filename_queue)
    batch = tf.train.shuffle_batch([image], ...)

which is the same program: the call returns a new list each time, which its caller only read whole as a batch's
tensor list (legacy returns a list, or a bare tensor for a one-tensor list, either way), by a literal index, or by
unpacking. The recogniser follows unpacked names through helpers (``helpers.py``), so the pipeline is found.

The helper is found by scope, never by spelling: a module-level function the called name means (libcst's
``ScopeProvider``), a function of another module of the tree (``external``), or a plain method of the caller's
own class called on its first parameter (``self.read(queue)``). Its one ``return`` gives a literal list or tuple,
or a name bound to a literal list at the top of its body and grown only by ``name.append(x)`` there. Any other
read of the caller's name (``len(example)``, ``example.append``, a second assignment, a read in a nested
function) leaves the statement as written. The name may also go whole to a helper that reads its parameter only
as a sequence it never keeps or changes (a queue stage's ``tensors = list(tensors)``, ``[t.dtype for t in tensors]``,
``name_scope(..., values=tensors)``, one ``queue.enqueue(tensors)``: ``_staged_whole``). ``list(example)``, ``tuple(example)`` and ``[*example]`` as the batch's
tensors are the list whole (a new list of the same tensors, in order).

A helper's result expanded whole in the batch's tensors, with no name of its own (``batch([*read_data()], ...)``,
``list(read(q))``, ``tuple(read(q))``, ``read(q)``), is named first the same way (``a, b, c = read_data()``, then
``batch([a, b, c], ...)``), where the statement is in a function and makes no other call that legacy ran after the
helper's (an argument ``size()``): the helper still runs first, once. ``to_tfdata.run`` keeps the named module only
where it lets more pipelines be rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import keyword

import libcst as cst
from libcst.metadata import BuiltinAssignment, ParentNodeProvider, ScopeProvider

from tfdata_bridge._src.migrate.calls import Refusal, names_in, nodes_of, wrapped

# the batch family's tensors argument: the first positional one, or ``tensors=``
_BATCHES = {"batch", "shuffle_batch", "maybe_batch", "maybe_shuffle_batch"}


def returned_elements(fn: cst.FunctionDef) -> list[cst.BaseExpression] | None:
    """The elements ``fn`` returns, where its one ``return`` (its last statement) gives a literal list or tuple,
    or a name bound once in its body to a literal tuple, or to a literal list grown only by ``name.append(x)``
    statements there, and read nowhere else; None otherwise."""
    if not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return None
    if nodes_of(fn.body, cst.FunctionDef) or nodes_of(fn.body, cst.Lambda) or len(nodes_of(fn.body, cst.Return)) != 1:
        return None
    body = list(fn.body.body)
    while isinstance(body[-1], cst.With) and isinstance(body[-1].body, cst.IndentedBlock) and body[-1].body.body:
        body = [*body[:-1], *body[-1].body.body]  # (a helper's code under a name or variable scope)
    last = body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Return)):
        return None
    value = last.body[0].value
    if isinstance(value, (cst.List, cst.Tuple)):
        return _plain(value.elements)
    if not isinstance(value, cst.Name):
        return None
    name, elements, made, grows = value.value, None, 0, False
    for stmt in body[:-1]:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name:
            if made or not isinstance(small.value, (cst.List, cst.Tuple)):
                return None
            if any(isinstance(e, cst.StarredElement) for e in small.value.elements):
                return None
            elements, made = [e.value for e in small.value.elements], 1  # (``[]`` grown by ``append`` too)
            grows = isinstance(small.value, cst.List)  # (a tuple is never grown: ``res = (a, b)``, returned)
            continue
        call = small.value if isinstance(small, cst.Expr) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
                isinstance(call.func.value, cst.Name) and call.func.value.value == name:
            if elements is None or not grows or call.func.attr.value != "append" or len(call.args) != 1 or \
                    call.args[0].keyword or call.args[0].star:
                return None
            elements.append(call.args[0].value)
            continue
        if name in names_in(stmt):  # read or changed any other way
            return None
    return elements if elements else None


def module_names(module: cst.Module) -> set[str]:
    """The names a module's own statements use or bind (not those inside its functions and classes), and the
    names of its functions and classes: what a new name of a function must not shadow."""
    return {n for s in module.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef)) for n in names_in(s)} | \
        {s.name.value for s in module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))}


def _plain(elements) -> list[cst.BaseExpression] | None:
    if not elements or any(isinstance(e, cst.StarredElement) for e in elements):
        return None
    return [e.value for e in elements]


def callee(func: cst.BaseExpression, at: cst.CSTNode, scopes, parents, module: cst.Module, external
           ) -> cst.FunctionDef | None:
    """The function a call's ``func`` at ``at`` means: a module-level function (by scope), a function of another
    module of the tree, or a plain method of the caller's own class called on the caller's first parameter."""
    scope = scopes.get(at)
    if isinstance(func, cst.Name) and scope is not None:
        found = list(scope[func.value])
        if len(found) == 1 and getattr(found[0], "scope", None) is not None and \
                found[0].scope is scope.globals and isinstance(getattr(found[0], "node", None), cst.FunctionDef):
            return found[0].node
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        method = _own_method(func, at, parents)
        if method is not None:  # (a base class's stub one subclass of the tree overrides: that one runs)
            from tfdata_bridge._src.migrate.reader_objects import hook_override

            cls = parents.get(parents.get(method))
            hook = hook_override(module, cls, method, external) if isinstance(cls, cst.ClassDef) else None
            return hook if hook is not None else method
    if external is not None and isinstance(func, (cst.Name, cst.Attribute)):
        try:
            found = external(func)
        except Refusal:
            return None
        if found is not None:
            return found[0]
    return None


def _own_method(func: cst.Attribute, at: cst.CSTNode, parents) -> cst.FunctionDef | None:
    node = at
    while node is not None and not isinstance(node, cst.FunctionDef):
        node = parents.get(node)
    caller = node
    cls = parents.get(parents.get(caller)) if caller is not None else None  # (FunctionDef <- IndentedBlock <- ClassDef)
    if not (isinstance(caller, cst.FunctionDef) and isinstance(cls, cst.ClassDef) and caller.params.params
            and caller.params.params[0].name.value == func.value.value):
        return None
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == func.attr.value]
    return found[0] if len(found) == 1 and not found[0].decorators else None


def name_returned_lists(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each helper's returned list that its caller keeps whole named element by element (the same
    module object when there is none)."""
    if not any(isinstance(s, (cst.FunctionDef, cst.ClassDef)) for s in module.body) and external is None:
        return module
    inline = _inline_calls(module)
    if not _kept_lists(module) and not inline:
        return module  # (no name assigned a call's result and read as a list: the scopes are not asked)
    wrapper = wrapped(module)  # (the nodes stay the module's: ``external`` knows them)
    scopes = wrapper.resolve(ScopeProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    changes: dict[cst.CSTNode, cst.CSTNode] = {}
    taken: dict[int, set[str]] = {}
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        small = stmt.body[0] if len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
                and isinstance(small.value, cst.Call)):
            continue
        target = small.targets[0].target
        fn = callee(small.value.func, small.value, scopes, parents, module, external)
        elements = returned_elements(fn) if fn is not None and not fn.decorators else None
        if elements is None:  # (a decorator may return anything)
            continue
        uses = _uses(target, len(elements), scopes, parents, lambda call, arg: _batched_whole(
            call, arg, scopes, parents, module, external) or _staged_whole(call, arg, scopes, parents, module,
                                                                          external))
        if uses is None:
            continue
        scope = scopes.get(small)
        home = getattr(scope, "node", module)
        names = taken.setdefault(id(home), names_in(home) | module_names(module))
        new = []
        for i, e in enumerate(elements):
            base = e.value if isinstance(e, cst.Name) else f"{target.value}_{i}"
            name, k = base, 2
            while name in names:
                name, k = f"{base}_{k}", k + 1
            names.add(name)
            new.append(name)
        changes[target] = cst.Tuple([cst.Element(cst.Name(n)) for n in new], lpar=[], rpar=[]) if len(new) > 1 else \
            cst.Tuple([cst.Element(cst.Name(new[0]), comma=cst.Comma())], lpar=[], rpar=[])
        for node, kind in uses:
            if kind == "whole":
                changes[node] = cst.List([cst.Element(cst.Name(n)) for n in new])
            elif kind == "unpacked":
                changes[node] = cst.Tuple([cst.Element(cst.Name(n)) for n in new], lpar=[], rpar=[])
            else:
                changes[node] = cst.Name(new[kind])
    for stmt, at, inner in inline:  # ``batch([*read(q)], ...)``: ``a, b = read(q)`` first, ``batch([a, b], ...)``
        named = _named_inline(stmt, at, inner, scopes, parents, module, external, taken)
        if named is not None:
            changes[stmt] = named
    if not changes:
        return module
    return module.visit(Replace({id(k): v for k, v in changes.items()}, module))


def _named_inline(stmt: cst.SimpleStatementLine, at: cst.Arg, inner: cst.Call, scopes, parents, module, external,
                  taken: dict[int, set[str]]) -> cst.FlattenSentinel | None:
    """``stmt`` as two statements: ``inner``'s result unpacked into one name per element its helper returns,
    then ``stmt`` with the batch's tensors that list of names; None where that is not the same program (a helper
    not found or returning no literal list, another call in the statement that would then run after ``inner``
    where it ran before, a statement outside a function)."""
    scope = scopes.get(inner)
    home = getattr(scope, "node", None)
    if not isinstance(home, cst.FunctionDef):
        return None
    fn = callee(inner.func, inner, scopes, parents, module, external)
    elements = returned_elements(fn) if fn is not None and not fn.decorators else None
    if elements is None:
        return None
    small = stmt.body[0]
    batch = small.value
    # what legacy evaluated before ``inner``: the batch function's own lookup (names and attributes only) and the
    # targets after; any other call in the statement (an argument, the callee's own arguments) must be none
    others = [c for c in nodes_of(small, cst.Call) if c is not batch and c is not inner and
              not _within(c, inner) and not (isinstance(c.func, cst.Name) and c.func.value in ("list", "tuple")
                                             and parents.get(parents.get(inner)) is c)]
    if others or nodes_of(batch.func, cst.Call):
        return None
    names = taken.setdefault(id(home), names_in(home) | module_names(module))
    base = fn.name.value.lstrip("_") or "tensor"
    new = []
    for i, e in enumerate(elements):
        word = e.value if isinstance(e, cst.Name) else e.attr.value if isinstance(e, cst.Attribute) else \
            _key(e) or f"{base}_{i}"
        name, k = word, 2
        while name in names:
            name, k = f"{word}_{k}", k + 1
        names.add(name)
        new.append(name)
    target = cst.Tuple([cst.Element(cst.Name(n)) for n in new], lpar=[], rpar=[]) if len(new) > 1 else \
        cst.Tuple([cst.Element(cst.Name(new[0]), comma=cst.Comma())], lpar=[], rpar=[])
    first = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], inner)], leading_lines=stmt.leading_lines)
    listed = cst.List([cst.Element(cst.Name(n)) for n in new])
    line = stmt.visit(Replace({id(at): at.with_changes(value=listed)}, stmt)).with_changes(leading_lines=())
    return cst.FlattenSentinel([first, line])


def _within(node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    return any(n is node for n in nodes_of(outer, type(node)))


def _key(element: cst.BaseExpression) -> str | None:
    """``variables`` of ``features['variables']``: a literal string key that is a name."""
    if isinstance(element, cst.Subscript) and len(element.slice) == 1 and \
            isinstance(element.slice[0].slice, cst.Index) and \
            isinstance(element.slice[0].slice.value, cst.SimpleString):
        key = element.slice[0].slice.value.evaluated_value
        return key if isinstance(key, str) and key.isidentifier() and not keyword.iskeyword(key) else None
    return None


def _kept_lists(module: cst.Module) -> bool:
    """Whether some name assigned a call's result is also batched whole, indexed by a literal or unpacked
    somewhere in ``module`` (by spelling: only whether the scopes need asking)."""
    assigned = {s.body[0].targets[0].target.value for s in nodes_of(module, cst.SimpleStatementLine)
                if len(s.body) == 1 and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
                and isinstance(s.body[0].targets[0].target, cst.Name) and isinstance(s.body[0].value, cst.Call)}
    if not assigned:
        return False
    for sub in nodes_of(module, cst.Subscript):
        if isinstance(sub.value, cst.Name) and sub.value.value in assigned:
            return True
    for a in nodes_of(module, cst.Assign):
        if isinstance(a.value, cst.Name) and a.value.value in assigned and \
                isinstance(a.targets[0].target, (cst.Tuple, cst.List)):
            return True
    for call in nodes_of(module, cst.Call):
        short = call.func.attr.value if isinstance(call.func, cst.Attribute) else None
        if short in _BATCHES and any(isinstance(_unwrapped(a.value), cst.Name) and _unwrapped(a.value).value in
                                     assigned for a in call.args):
            return True
        # (a batch helper's call, by its name: ``create_batch(inputs, ...)``; ``_batched_whole`` decides)
        called = short or (call.func.value if isinstance(call.func, cst.Name) else "")
        if any(w in called.lower() for w in _HELPER_WORDS) and any(isinstance(a.value, cst.Name) and a.value.value in assigned
                                             for a in call.args):
            return True
    return False


def _unwrapped(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``x`` of ``list(x)``, ``tuple(x)``, ``[*x]``, ``(*x,)`` (by spelling); ``expr`` itself otherwise."""
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("list", "tuple") and \
            len(expr.args) == 1 and expr.args[0].keyword is None and not expr.args[0].star:
        return expr.args[0].value
    if isinstance(expr, (cst.List, cst.Tuple)) and len(expr.elements) == 1 and \
            isinstance(expr.elements[0], cst.StarredElement):
        return expr.elements[0].value
    return expr


def _inline_calls(module: cst.Module) -> list[tuple[cst.SimpleStatementLine, cst.Arg, cst.Call]]:
    """(statement, the batch's tensors argument, the call in it) for each batch call written as a statement's
    value whose tensors are a call's result whole: ``batch(read(q), ...)``, ``list(read(q))``, ``[*read(q)]``
    (by spelling: the callee is found by scope after)."""
    out = []
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        small = stmt.body[0] if len(stmt.body) == 1 else None
        call = getattr(small, "value", None) if isinstance(small, (cst.Assign, cst.Return, cst.Expr)) else None
        if not isinstance(call, cst.Call):
            continue
        short = call.func.attr.value if isinstance(call.func, cst.Attribute) else \
            call.func.value if isinstance(call.func, cst.Name) else None
        at = next((a for i, a in enumerate(call.args) if a.keyword is None and i == 0 and not a.star or
                   a.keyword is not None and a.keyword.value == "tensors"), None)
        if short not in _BATCHES or at is None:
            continue
        inner = _unwrapped(at.value)
        if isinstance(inner, cst.Call) and not any(a.star for a in inner.args):
            out.append((stmt, at, inner))
    return out


def _parameter_given(call: cst.Call, arg: cst.Arg, scopes, parents, module, external
                     ) -> tuple[cst.FunctionDef, str] | None:
    """(the helper ``call`` calls, the name of its parameter that ``arg`` goes to): the helper found as ``callee``
    finds it (this module's, another module's of the tree), plain (no decorator, no ``*args``, not the caller's
    own method); None otherwise."""
    if any(a.star for a in call.args):
        return None
    fn = callee(call.func, call, scopes, parents, module, external)
    if fn is None or fn.decorators or fn.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or \
            isinstance(call.func, cst.Attribute) and _own_method(call.func, call, parents) is fn:
        return None
    params = [p.name.value for p in fn.params.params]
    index = call.args.index(arg)
    name = params[index] if arg.keyword is None and index < len(params) else \
        arg.keyword.value if arg.keyword is not None and arg.keyword.value in params else None
    return None if name is None else (fn, name)


def _batched_whole(call: cst.Call, arg: cst.Arg, scopes, parents, module, external) -> bool:
    """``arg`` of ``call`` goes to a batch helper's parameter that the helper reads once, as a batch call's whole
    tensor list (``create_batch(inputs, ...)``, ``def create_batch(inputs, ...): return
    tf.train.shuffle_batch(inputs, ...)``): a list of the same tensors, new as the returned one was, is the same
    argument. The helper found as ``callee`` finds it (this module's, another module's of the tree)."""
    found = _parameter_given(call, arg, scopes, parents, module, external)
    if found is None or sum(n.value == found[1] for n in nodes_of(found[0], cst.Name)) != 2:  # (the parameter, one read)
        return False
    fn, name = found
    for inner in nodes_of(fn, cst.Call):
        short = inner.func.attr.value if isinstance(inner.func, cst.Attribute) else \
            inner.func.value if isinstance(inner.func, cst.Name) else None
        given = [a.value for a in inner.args if a.keyword is None][:1] + \
            [a.value for a in inner.args if a.keyword is not None and a.keyword.value == "tensors"]
        if short in _BATCHES and len(given) == 1 and isinstance(given[0], cst.Name) and given[0].value == name:
            return True
    return False


# words of a batch or queue-stage helper's name: the spelling that says the scopes are worth asking
_HELPER_WORDS = ("batch", "shuffle", "queue", "stage", "prefetch")


def _staged_whole(call: cst.Call, arg: cst.Arg, scopes, parents, module, external) -> bool:
    """``arg`` of ``call`` goes to a helper's parameter that the helper reads only as a whole sequence of tensors
    and never keeps or changes: ``x = list(x)`` / ``tuple(x)``, ``len(x)``, the iterable of a comprehension (``[t.dtype
    for t in x]``), a scope's ``values=x`` and one queue's ``q.enqueue(x)`` (a queue stage, ``queue_stages.py``). A
    new list of the same tensors is then the same argument."""
    found = _parameter_given(call, arg, scopes, parents, module, external)
    if found is None:
        return False
    fn, name = found
    up: dict[int, cst.CSTNode] = {}
    for node in nodes_of(fn, cst.CSTNode):
        for child in node.children:
            up[id(child)] = node
    enqueued = 0
    for n in nodes_of(fn, cst.Name):
        if n.value != name:
            continue
        parent = up.get(id(n))
        if isinstance(parent, cst.Param) and parent.name is n or isinstance(parent, cst.Arg) and parent.keyword is n \
                or isinstance(parent, cst.Attribute) and parent.attr is n:
            continue  # (the parameter itself, a keyword's or an attribute's name)
        if isinstance(parent, cst.CompFor) and parent.iter is n:
            continue
        if isinstance(parent, cst.AssignTarget) and parent.target is n:
            assign = up.get(id(parent))
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and _rewrapped(assign.value, name):
                continue
            return False
        if not (isinstance(parent, cst.Arg) and parent.value is n and not parent.star):
            return False
        inner = up.get(id(parent))
        func = getattr(inner, "func", None)
        short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) \
            else None
        if parent.keyword is None and len(inner.args) == 1 and short == "len" and isinstance(func, cst.Name):
            continue
        if parent.keyword is None and len(inner.args) == 1 and short in ("list", "tuple") and \
                isinstance(func, cst.Name) and isinstance(up.get(id(inner)), cst.Assign) and \
                _rewrapped(inner, name):
            continue
        if parent.keyword is not None and parent.keyword.value == "values" and \
                short in ("name_scope", "variable_scope", "op_scope"):
            continue
        if parent.keyword is None and len(inner.args) == 1 and short == "enqueue" and isinstance(func, cst.Attribute):
            enqueued += 1
            continue
        return False
    return enqueued == 1


def _rewrapped(value: cst.BaseExpression, name: str) -> bool:
    """``list(name)`` or ``tuple(name)``."""
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ("list", "tuple") \
        and len(value.args) == 1 and not value.args[0].star and value.args[0].keyword is None and \
        isinstance(value.args[0].value, cst.Name) and value.args[0].value.value == name


def _uses(target: cst.Name, count: int, scopes, parents, to_batch_helper=None) -> list[tuple[cst.CSTNode, object]] | None:
    """(node to replace, how: ``"whole"``, ``"unpacked"`` or the element's index) for every read of ``target``'s
    binding, when each is one of those; None otherwise. ``to_batch_helper(call, arg)``: the argument goes whole
    to a batch helper's batch (``_batched_whole``)."""
    scope = scopes.get(target)
    if scope is None:
        return None
    bindings = list(scope.assignments[target.value])
    if len(bindings) != 1:
        return None
    out: list[tuple[cst.CSTNode, object]] = []
    refs = list(bindings[0].references)
    if not refs:
        return None
    for ref in refs:
        node = ref.node
        if not isinstance(node, cst.Name) or scopes.get(node) is not scope:
            return None  # (a read in a nested function or comprehension: another time, not followed)
        parent = parents.get(node)
        if isinstance(parent, cst.Subscript) and parent.value is node and len(parent.slice) == 1 and \
                isinstance(parent.slice[0].slice, cst.Index):
            index = _integer(parent.slice[0].slice.value)
            if index is None or not -count <= index < count or isinstance(parents.get(parent), (cst.AssignTarget,
                                                                                                  cst.Del)):
                return None
            out.append((parent, index % count))
            continue
        wrapper = _whole_wrapper(node, parent, scopes, parents)
        if wrapper is not None:  # ``list(example)``, ``tuple(example)``, ``[*example]``: a new list of the same tensors
            node, parent = wrapper, parents.get(wrapper)
        if isinstance(parent, cst.Arg) and parent.value is node and not parent.star:
            call = parents.get(parent)
            short = call.func.attr.value if isinstance(call.func, cst.Attribute) else \
                call.func.value if isinstance(call.func, cst.Name) else None
            first = call.args.index(parent) == 0 and parent.keyword is None
            if short in _BATCHES and (first or parent.keyword is not None and parent.keyword.value == "tensors"):
                out.append((node, "whole"))
                continue
            if wrapper is None and to_batch_helper is not None and to_batch_helper(call, parent):
                out.append((node, "whole"))
                continue
            return None
        if wrapper is not None:
            return None
        if isinstance(parent, cst.Assign) and parent.value is node and len(parent.targets) == 1 and \
                isinstance(parent.targets[0].target, (cst.Tuple, cst.List)) and \
                len(parent.targets[0].target.elements) == count and \
                not any(isinstance(e, cst.StarredElement) for e in parent.targets[0].target.elements):
            out.append((node, "unpacked"))
            continue
        return None
    return out


def _whole_wrapper(node: cst.BaseExpression, parent, scopes, parents) -> cst.BaseExpression | None:
    """The expression around ``node`` that makes a new list or tuple of its elements, all of them, in order:
    ``list(node)`` / ``tuple(node)`` (the builtins) or ``[*node]``; None where ``node`` is not so wrapped."""
    if isinstance(parent, cst.Arg) and parent.value is node and not parent.star and parent.keyword is None:
        call = parents.get(parent)
        if isinstance(call, cst.Call) and len(call.args) == 1 and isinstance(call.func, cst.Name) and \
                call.func.value in ("list", "tuple") and _builtin(scopes.get(call), call.func.value):
            return call
        return None
    if isinstance(parent, cst.StarredElement) and parent.value is node:
        listed = parents.get(parent)
        if isinstance(listed, (cst.List, cst.Tuple)) and len(listed.elements) == 1:
            return listed
    return None


def _builtin(scope, name: str) -> bool:
    """``name`` means the builtin where ``scope`` reads it (nothing of the module binds it)."""
    return scope is not None and bool(list(scope[name])) and \
        all(isinstance(a, BuiltinAssignment) for a in scope[name])


def _integer(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.evaluated_value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and \
            isinstance(node.expression, cst.Integer):
        return -int(node.expression.evaluated_value)
    return None


class Replace(cst.CSTTransformer):
    """Replaces nodes by identity (``changes``: id(node) -> its replacement, a node, a ``FlattenSentinel`` or a
    ``RemovalSentinel``), keeping every node that holds none of them the very same object, so what the tree's
    resolver knows of the module's nodes (``tree.py``: qualified names by node) still holds for the new module."""

    def __init__(self, changes: dict[int, object], root: cst.CSTNode) -> None:
        self.changes = changes
        self.holders: set[int] = set()
        wanted = set(changes)

        def walk(node: cst.CSTNode) -> bool:
            found = id(node) in wanted
            for child in node.children:
                found = walk(child) or found
            if found:
                self.holders.add(id(node))
            return found

        walk(root)

    def on_visit(self, node) -> bool:
        return id(node) in self.holders and id(node) not in self.changes

    def on_leave(self, original, updated):
        return self.changes.get(id(original), updated)

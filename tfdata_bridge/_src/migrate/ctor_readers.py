"""A join over one reader OBJECT per read thread, each made where it reads: ``Reader(...).read(queue)``.

    # hands.py                                           # inputs.py
    class HandReader(object):                           queue = tf.train.string_input_producer(files, ...)
        def __init__(self, filename_queue, skip=0):     example_list = [hands.HandReader(queue).read()
            self.filename_queue = filename_queue                        for _ in range(read_threads)]
            self.skip = skip                            # or: for _ in range(k):
                                                        #         example_list.append(Reader(2).read(queue))
        def read(self):                                 x, y = tf.train.batch_join(example_list, batch_size)
            reader = tf.TextLineReader(skip_header_lines=self.skip)
            _, value = reader.read(self.filename_queue)
            return tf.decode_csv(value, [[0], [0]])

(the ``read_my_file_format`` + ``batch_join`` form, the reader function a method of a class made once per
copy). Each copy is a fresh object, read once and dropped, so the method is read as a function of the
constructor's and the method's parameters: ``self.attr`` is what ``__init__`` stored there (a plain
``self.attr = <expression of its parameters>`` and nothing else), the queue handed to either. That function is
then a join's reader function (``reader_fn.py``): its reader and ``read`` lines go, the rest is mapped after an
interleave of ``k`` files, and the method goes from its class (from another module of the tree: the tree's
request, refused where another use needs it). The class is this module's or the tree's, called by name, through
a module, or through a name bound once to a function that returns it (``cls = lib.reader(); cls(queue)``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bound_names, is_docstring, names_in, nodes_of
from tfdata_bridge._src.migrate.unrun_dequeues import queue_readers

_LITERALS = {"None", "True", "False"}


def constructed(elt: cst.BaseExpression) -> bool:
    """``C(...).m(...)``: a method called on an object made in the same expression."""
    return isinstance(elt, cst.Call) and isinstance(elt.func, cst.Attribute) and isinstance(elt.func.value, cst.Call)


def constructed_form(finder, module: cst.Module, stmt, elt: cst.BaseExpression) -> bool:
    """``C(...).m(...)`` with ``C`` a class this module or the tree defines (or a name bound to one by a function
    returning it): the form ``constructed_join`` reads; any other call (a tensor's method, say) is not."""
    if not constructed(elt):
        return False
    try:
        _constructed_class(finder, module, stmt, elt.func.value)  # type: ignore[attr-defined]
    except Refusal:
        return False
    return True


def appended_comp(loop: cst.For, list_name: str) -> cst.ListComp | None:
    """``[x for target in range(k)]`` for a loop whose whole body is ``list_name.append(x)``; None otherwise."""
    stmts = list(loop.body.body) if isinstance(loop.body, cst.IndentedBlock) else []
    if len(stmts) != 1 or not isinstance(stmts[0], cst.SimpleStatementLine) or len(stmts[0].body) != 1 or \
            not isinstance(stmts[0].body[0], cst.Expr) or loop.orelse is not None or loop.asynchronous:
        return None
    call = stmts[0].body[0].value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append"
            and isinstance(call.func.value, cst.Name) and call.func.value.value == list_name and len(call.args) == 1
            and call.args[0].keyword is None and not call.args[0].star):
        return None
    return cst.ListComp(elt=call.args[0].value, for_in=cst.CompFor(target=loop.target, iter=loop.iter))


def constructed_join(finder, module: cst.Module, body: list, index: int, api: str, args: dict, comp: cst.ListComp,
                     list_stmt, lists, inline: bool, joins: int, loop: cst.For | None = None):
    """(the pipeline, the statements it replaces) of a join over ``[C(...).m(...) for _ in range(k)]`` (or its
    append loop, ``loop``); ``Refusal`` with the reason where it cannot be rewritten."""
    from tfdata_bridge._src.migrate.join import _pipeline, _single_def
    from tfdata_bridge._src.migrate.objects import _same_globals
    from tfdata_bridge._src.migrate.pipelines import READERS
    from tfdata_bridge._src.migrate.reader_fn import reader_fn
    from tfdata_bridge._src.migrate.reader_setup import place_setup

    stmt = body[index]
    elt: cst.Call = comp.elt  # type: ignore[assignment]
    ctor: cst.Call = elt.func.value  # type: ignore[attr-defined]
    name = elt.func.attr.value  # type: ignore[attr-defined]
    shown = module.code_for_node(elt)
    it = comp.for_in.iter
    if not (comp.for_in.inner_for_in is None and not comp.for_in.ifs and isinstance(comp.for_in.target, cst.Name)
            and isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
            and len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star):
        raise Refusal(f"the copies of `{shown}` are not made by one loop over `range(k)`")
    readers = module.code_for_node(it.args[0].value)
    loop_var = comp.for_in.target.value
    cls, home = _constructed_class(finder, module, stmt, ctor)
    home_module = home[0] if home is not None else module
    home_finder = home[1] if home is not None else finder
    what = f"`{cls.name.value}.{name}`"
    if cls.decorators or cls.keywords or any(not (isinstance(b.value, cst.Name) and b.value.value == "object")
                                             for b in cls.bases):
        raise Refusal(f"`{cls.name.value}` has base classes, a metaclass or decorators: what its objects hold is "
                      "not read from its own body")
    own = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    if len(own) != len([s for s in cls.body.body if isinstance(s, cst.FunctionDef)]) or name not in own:
        raise Refusal(f"{what} is not one method of its class")
    for special in ("__new__", "__getattr__", "__getattribute__", "__setattr__", "__init_subclass__"):
        if special in own:
            raise Refusal(f"`{cls.name.value}` defines `{special}`: its objects are not plain")
    fn = own[name]
    init = own.get("__init__")
    if fn.decorators or fn.asynchronous or not fn.params.params or (init is not None and (
            init.decorators or init.asynchronous or not init.params.params)):
        raise Refusal(f"{what} or its `__init__` is not a plain method")
    stored = _stored(init, cls.name.value)
    for attr in stored:
        if attr in own or any(isinstance(s, cst.SimpleStatementLine) and attr in names_in(s) for s in cls.body.body):
            raise Refusal(f"`{cls.name.value}.{attr}` is also a name of the class body: `self.{attr}` may not be what "
                          "`__init__` stored")
    synth_fn, synth_call = _as_function(fn, init, stored, ctor, elt, what)
    if home is not None:
        home[2](fn)  # the tree refuses it where the method cannot go
        _same_globals(synth_fn, home_module, module)
    _keep_paths(home_finder, fn.body, synth_fn.body)
    _not_shadowed(finder, stmt, synth_fn, what)
    queues = [a.value.value for a in synth_call.args if isinstance(a.value, cst.Name)
              and (q := _single_def(body[:index], a.value.value)) is not None
              and finder.is_api(q.body[0].value, "train.string_input_producer")]
    if len(queues) != 1:
        raise Refusal(f"`{shown}` is not given one file queue made by `string_input_producer` in the same block")
    queue_name = queues[0]
    queue_stmt = _single_def(body[:index], queue_name)
    uses = [] if inline else [(lists.value, len(finder.scopes.readers_of(list_stmt, lists.value))
                               - joins - (1 if loop is not None else 0) + 1)]
    live, unrun = queue_readers(finder, queue_stmt, queue_name)  # (a dequeue never run: unrun_dequeues.py)
    uses.append((queue_name, len(live)))
    for used, count in uses:
        if count != 1:
            raise Refusal(f"`{used}` is used beyond the join; its statements cannot move into tf.data")
    if loop is not None:  # (the loop's target outlives it: read after it, the loop could not go)
        inside = {id(n) for n in nodes_of(loop, cst.Name)}
        for target in names_in(loop.target):
            if any(id(r) not in inside for r in finder.scopes.readers_of(loop, target)):
                raise Refusal(f"the loop's `{target}` is read after it: the loop cannot go")
    if home is None and _attribute_uses(module, name) - _attribute_uses(fn, name) != 1:
        raise Refusal(f"the method `{name}` is used beyond the join; it cannot move into tf.data")
    got = reader_fn(home_finder, synth_fn, synth_call, False, queue_name, loop_var, READERS)
    if got.removes:
        raise Refusal(f"{what} reads a reader its class stores; not rewritten")
    pipeline = _pipeline(finder, stmt, api, args, queue_stmt, list_stmt, got.reader_call, got.key, got.value,
                         got.rest, got.returned, readers, name, got.kind, home_finder)
    if got.up_to is not None:
        pipeline.source.up_to = module.code_for_node(got.up_to)
    pipeline.source.setup = place_setup(finder, stmt, got.setup, home, name)
    moved = [s for s in (queue_stmt, list_stmt, loop, *unrun) if s is not None]
    if home is not None:
        pipeline.source.foreign = [fn]
    else:
        moved.append(fn)
    return pipeline, moved


def _constructed_class(finder, module: cst.Module, stmt, ctor: cst.Call):
    """(the class ``ctor`` makes an object of, ``home`` as ``objects.method_of`` gives it: None for this module)."""
    from tfdata_bridge._src.migrate.objects import _class_made_by

    func = ctor.func
    made = finder.scopes.single_assignment(stmt, func.value) if isinstance(func, cst.Name) else None
    value = made.body[0].value if made is not None and isinstance(made.body[0], cst.Assign) else None
    if not isinstance(value, cst.Call):  # ``Reader(q)``, ``lib.Reader(q)``
        return _class_made_by(finder, stmt, ctor)
    # ``cls = lib.reader()`` then ``cls(q)``: a function of this module or the tree's returning one class
    external = finder.external(value.func) if finder.external is not None else None
    if external is not None:
        factory, there = external
    else:
        factory, there = _local_function(finder, made, value.func), finder
    if factory is None:
        raise Refusal(f"`{func.value}` is bound to `{module.code_for_node(value)}`, not to a function of the tree "
                      "returning a class")
    stmts = [s for s in factory.body.body if not is_docstring(s)] if isinstance(factory.body, cst.IndentedBlock) \
        else []
    ret = stmts[0].body[0] if len(stmts) == 1 and isinstance(stmts[0], cst.SimpleStatementLine) and \
        len(stmts[0].body) == 1 else None
    if value.args or not (isinstance(ret, cst.Return) and isinstance(ret.value, (cst.Name, cst.Attribute))):
        raise Refusal(f"`{module.code_for_node(value)}` (bound to `{func.value}`) is not a call of a function that "
                      "returns one class and does nothing else")
    cls, there_home = _class_made_by(there, stmts[0], cst.Call(func=ret.value))
    if external is None:
        return cls, there_home
    if there_home is not None:
        return cls, there_home
    home = finder.external.class_home(cls)  # (the factory's own module's class)
    if home is None:
        raise Refusal(f"the class `{cls.name.value}` is not one the tree holds")
    return cls, (None if home[0] is module else home)


def _local_function(finder, at, func) -> cst.FunctionDef | None:
    from libcst.metadata import Assignment, GlobalScope

    if not isinstance(func, cst.Name):
        return None
    scope = finder.scopes.scope(at)
    found = list(scope[func.value]) if scope is not None else []
    if len(found) == 1 and isinstance(found[0], Assignment) and isinstance(found[0].node, cst.FunctionDef) and \
            isinstance(found[0].scope, GlobalScope):
        return found[0].node
    return None


def _stored(init: cst.FunctionDef | None, cls: str) -> dict[str, cst.BaseExpression]:
    """``{attr: expression}`` of an ``__init__`` that only stores expressions of its parameters on ``self``."""
    if init is None:
        return {}
    me = init.params.params[0].name.value
    params = {p.name.value for p in [*init.params.params[1:], *init.params.kwonly_params]}
    out: dict[str, cst.BaseExpression] = {}
    for s in init.body.body if isinstance(init.body, cst.IndentedBlock) else []:
        if is_docstring(s):
            continue
        a = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        t = a.targets[0].target if isinstance(a, cst.Assign) and len(a.targets) == 1 else None
        if not (isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me) or \
                t.attr.value in out or names_in(a.value) - params - _LITERALS or me in names_in(a.value) or \
                nodes_of(a.value, cst.Call) or nodes_of(a.value, cst.Lambda):
            raise Refusal(f"`{cls}.__init__` does more than store its parameters on the object (`self.x = x`)")
        out[t.attr.value] = a.value
    return out


def _as_function(fn: cst.FunctionDef, init: cst.FunctionDef | None, stored: dict, ctor: cst.Call, call: cst.Call,
                 what: str) -> tuple[cst.FunctionDef, cst.Call]:
    """The method as a function of the constructor's parameters and its own (``self.attr`` read as what
    ``__init__`` stored), and the call of it that ``C(a).m(b)`` is."""
    me = fn.params.params[0].name.value
    init_params = [*init.params.params[1:], *init.params.kwonly_params] if init is not None else []
    own_params = [*fn.params.params[1:], *fn.params.kwonly_params]
    for f, what_of in ((init, "`__init__`"), (fn, what)):
        if f is not None and (f.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or f.params.star_kwarg
                              is not None or f.params.posonly_params):
            raise Refusal(f"{what_of} takes *args, **kwargs or positional-only parameters")
    init_names = {p.name.value for p in init_params}
    clash = init_names & (names_in(fn.body) | {p.name.value for p in own_params})
    if clash:
        raise Refusal(f"{what} names `{sorted(clash)[0]}`, which is also a parameter of `__init__`")

    class _Self(cst.CSTTransformer):
        def __init__(self) -> None:
            self.bad: str | None = None

        def leave_Attribute(self, original: cst.Attribute, updated: cst.BaseExpression):
            if isinstance(original.value, cst.Name) and original.value.value == me:
                if original.attr.value not in stored:
                    self.bad = self.bad or f"reads `{me}.{original.attr.value}`, which `__init__` does not store"
                    return updated
                return _grouped(stored[original.attr.value])
            return updated

        def _sets(self, target: cst.CSTNode) -> None:
            if me in names_in(target):
                self.bad = self.bad or f"sets an attribute of `{me}`"

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._sets(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._sets(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            self._sets(node.target)

        def visit_Del(self, node: cst.Del) -> None:
            self._sets(node.target)

        def leave_Name(self, original: cst.Name, updated: cst.Name):
            return updated

    fix = _Self()
    new_body = fn.body.visit(fix)
    if fix.bad is None and me in names_in(new_body):
        fix.bad = f"uses `{me}` other than by reading what `__init__` stored"
    if fix.bad is not None:
        raise Refusal(f"{what} {fix.bad}: the object is not read as its stored parameters")
    params = [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in [*init_params, *own_params]]
    # (keyword-only: the call names each argument, and a default may stand before a parameter without one)
    synth = fn.with_changes(params=cst.Parameters(star_arg=cst.ParamStar(), kwonly_params=params), body=new_body,
                            decorators=[])
    given = _given(init_params, ctor, f"`{cls_name(ctor)}`") + _given(own_params, call, what)
    return synth, cst.Call(func=cst.Name(fn.name.value), args=[cst.Arg(v, keyword=cst.Name(n)) for n, v in given])


def _not_shadowed(finder, stmt, synth: cst.FunctionDef, what: str) -> None:
    """The free names the method reads (its module's names) are not bound in the caller's function, where its
    statements go (a local there would be read instead)."""
    from libcst.metadata import GlobalScope

    from tfdata_bridge._src.migrate.reader_fn import _assigned

    scope = finder.scopes.scope(stmt)
    if scope is None or isinstance(scope, GlobalScope):
        return
    local = {p.name.value for p in synth.params.kwonly_params} | _assigned(list(synth.body.body))
    for name in sorted(names_in(synth.body) - local):
        if list(scope.assignments[name]):
            raise Refusal(f"{what} reads `{name}`, which the caller binds too: its statements cannot move there")


def _grouped(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``expr`` as it can stand for an attribute in any expression: parenthesized unless it is atomic."""
    if isinstance(expr, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.BaseNumber, cst.BaseString,
                         cst.List, cst.Dict, cst.Set)) or expr.lpar:
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def cls_name(ctor: cst.Call) -> str:
    return cst.Module([]).code_for_node(ctor.func)


def _given(params: list, call: cst.Call, what: str) -> list[tuple[str, cst.BaseExpression]]:
    names = [p.name.value for p in params]
    out: list[tuple[str, cst.BaseExpression]] = []
    for i, arg in enumerate(call.args):
        if arg.star:
            raise Refusal(f"{what} is called with *args or **kwargs")
        if arg.keyword is None:
            if i >= len(names):
                raise Refusal(f"{what} is called with more arguments than it takes")
            out.append((names[i], arg.value))
        elif arg.keyword.value in names:
            out.append((arg.keyword.value, arg.value))
        else:
            raise Refusal(f"{what} has no parameter `{arg.keyword.value}`")
    return out


def _keep_paths(finder, old: cst.CSTNode, new: cst.CSTNode) -> None:
    """The API paths ``finder`` knows of ``old``'s calls, given to the calls of ``new`` rebuilt from them (the
    same code where ``self.attr`` was not read: a reader made in the method stays a reader)."""
    olds = nodes_of(old, cst.Call)
    news = nodes_of(new, cst.Call)
    if len(olds) != len(news):
        return
    for o, n in zip(olds, news):
        path = finder.paths.get(o)
        if path is not None and n is not o and cst.Module([]).code_for_node(o.func) == \
                cst.Module([]).code_for_node(n.func):
            finder.paths[n] = path


def _attribute_uses(node: cst.CSTNode, attr: str) -> int:
    return sum(1 for a in nodes_of(node, cst.Attribute) if a.attr.value == attr)


def held_objects_join(finder, module: cst.Module, body: list, index: int, api: str, joins: int):
    """A join over reader objects made before its list, each read once: one object read ``k`` times
    (``r = Reader(queue)``, then ``[r.read() for _ in range(k)]``: each read makes its own reader, as ``k``
    objects would) or one object per copy (``objs = [Reader() for _ in range(k)]``, then ``[o.read(queue) for o
    in objs]``), read as ``[Reader(queue).read() for _ in range(k)]`` (``constructed_join``). (the pipeline, the
    statements it replaces); None where the list is no such list; a ``Refusal`` where it is one that cannot be
    rewritten."""
    from tfdata_bridge._src.migrate.join import _single_def, bind_join

    stmt = body[index]
    try:
        args = bind_join(stmt.body[0].value, api)
    except Refusal:
        return None
    lists = args.get("tensors_list")
    inline = isinstance(lists, cst.ListComp)
    list_stmt = loop = None
    if inline:
        comp = lists
    elif isinstance(lists, cst.Name):
        list_stmt = _single_def(body[:index], lists.value)
        value = list_stmt.body[0].value if list_stmt is not None else None
        comp = value
        if isinstance(value, cst.List) and not value.elements:  # ``l = []``, then one loop of ``l.append(x)``
            start = body.index(list_stmt)
            loops = [s for s in body[start + 1:index] if isinstance(s, cst.For)]
            loop = loops[0] if len(loops) == 1 else None
            comp = appended_comp(loop, lists.value) if loop is not None else None
    else:
        return None
    if not isinstance(comp, cst.ListComp) or comp.for_in.inner_for_in is not None or comp.for_in.ifs:
        return None
    elt = comp.elt
    if not (isinstance(elt, cst.Call) and isinstance(elt.func, cst.Attribute) and isinstance(elt.func.value, cst.Name)):
        return None
    obj = elt.func.value.value
    target = comp.for_in.target
    if isinstance(target, cst.Name) and target.value == obj:  # ``[o.read(q) for o in objs]``
        if not isinstance(comp.for_in.iter, cst.Name):
            return None
        objs = comp.for_in.iter.value
        made = _single_def(body[:index], objs)
        made_comp = made.body[0].value if made is not None else None
        if not (isinstance(made_comp, cst.ListComp) and isinstance(made_comp.elt, cst.Call)
                and made_comp.for_in.inner_for_in is None and not made_comp.for_in.ifs):
            return None
        if obj in names_in(cst.Module([]).with_changes(body=[cst.SimpleStatementLine([cst.Expr(a.value)])
                                                             for a in elt.args])):
            return Refusal(f"each `{obj}` is also given to its own `{elt.func.attr.value}`: not rewritten")
        ctor, copies = made_comp.elt, made_comp.for_in
    else:
        made = _single_def(body[:index], obj)
        ctor = made.body[0].value if made is not None else None
        if not isinstance(ctor, cst.Call):
            return None
        copies = comp.for_in
    try:
        if len(finder.scopes.readers_of(made, target_of(made))) != 1:
            return Refusal(f"`{target_of(made)}` is used beyond the join's list")
        between = body[body.index(made) + 1:index]
        changed = names_in(ctor) & bound_names(*between)
        if changed:
            return Refusal(f"`{sorted(changed)[0]}`, which makes `{target_of(made)}`, is bound again before the join")
        # (each copy's object, as if made where it reads)
        new_elt = elt.with_changes(func=elt.func.with_changes(value=ctor))
        new = cst.ListComp(elt=new_elt, for_in=copies)
        pipeline, moved = constructed_join(finder, module, body, index, api, args, new, list_stmt, lists, inline,
                                           joins, loop)
    except Refusal as exc:
        return exc
    return pipeline, [*moved, made]


def target_of(stmt: cst.SimpleStatementLine) -> str:
    return stmt.body[0].targets[0].target.value  # type: ignore[attr-defined]

"""A file queue made by a helper of the same module: ``queue = file_queue(files, num_epochs=1)`` where

    def file_queue(files, num_epochs=None, name="file_queue"):
        return tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False, name=name)

The producer's arguments are the call's: each parameter by the argument the call gives it (or its default), so
the dataset of file names is built from them where the call was. The helper (a module function, or a plain
method called as ``self.name(...)`` from a method of its class) must be one ``return`` of the producer call (a
docstring before it; or plain locals, each read once by the next statement, ending in it: ``_only_return``),
undecorated; it goes where this call was its only use, and stays for its
other callers otherwise. A helper of another module: ``foreign_queue.py``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, name_counts, names_in, nodes_of


_WRITTEN: dict[int, tuple[cst.Call, cst.Call]] = {}  # a resolved producer call -> (itself, the call written)


def written_call(value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """The call as the helper wrote it, for a value ``_only_return`` resolved (its locals written in place)."""
    kept = _WRITTEN.get(id(value))
    return kept[1] if kept is not None and kept[0] is value else value


def _only_return(fn: cst.FunctionDef) -> cst.BaseExpression | None:
    """The value ``fn`` returns, written in its parameters and its module's names: its body a ``return`` (a
    docstring before it), or a chain of plain local assignments ending in one, each local read once and by the
    statement right after it (so evaluated in the same order once written in place)::

        filenames = glob.glob(data_dir + data_set + '*.tfrecords')
        filename_queue = tf.train.string_input_producer(filenames)
        return filename_queue

    is ``tf.train.string_input_producer(glob.glob(data_dir + data_set + '*.tfrecords'))``. None for any other
    body."""
    from tfdata_bridge._src.migrate.helpers import _paren, _resolve

    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    if body and isinstance(body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 and \
            isinstance(body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, (cst.SimpleString,
                                                                                      cst.ConcatenatedString)):
        body = body[1:]  # (its docstring)
    if not body or not all(isinstance(b, cst.SimpleStatementLine) and len(b.body) == 1 for b in body):
        return None
    *steps, last = [b.body[0] for b in body]
    if not isinstance(last, cst.Return) or last.value is None:
        return None
    env: dict[str, cst.BaseExpression] = {}
    pending = None  # the local the next statement must read (once)
    made = None  # its value as written
    for small in [*steps, last]:
        if not isinstance(small, (cst.Assign, cst.Return)):
            return None
        value = small.value
        counts = name_counts(value)
        if pending is not None and counts.get(pending, 0) != 1:
            return None
        if any(counts.get(n, 0) for n in env if n != pending):
            return None  # (a local read out of turn, or twice)
        if steps and any(nodes_of(value, k) for k in (cst.Lambda, cst.CompFor, cst.NamedExpr, cst.Yield,
                                                       cst.Await)):
            return None  # (a local of its own that a name moved in could be)
        written = small.value
        if pending is not None and isinstance(written, cst.Name) and written.value == pending:
            written = made  # ``return queue``: the call that made it
        value = _resolve(value, {pending: _paren(env.pop(pending))}, {}, fn.name.value) if pending else value
        if isinstance(small, cst.Return):
            if isinstance(value, cst.Call) and isinstance(written, cst.Call) and value is not written:
                _WRITTEN[id(value)] = (value, written)  # (the call as written: what its API is known by)
                while len(_WRITTEN) > 256:
                    del _WRITTEN[next(iter(_WRITTEN))]
            return value
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)):
            return None
        pending = small.targets[0].target.value
        env[pending] = value
        made = small.value
    return None


def helper_file_queue(finder, at: cst.CSTNode, call: cst.BaseExpression
                      ) -> tuple[dict[str, cst.BaseExpression], list[cst.CSTNode]] | None:
    """(the producer's bound arguments as the call site evaluates them, the helper when it goes with the
    pipeline) when ``call`` calls a file-queue helper; None when it calls no such function; ``Refusal`` when it
    does and cannot be followed."""
    from tfdata_bridge._src.migrate.helpers import _bind_call, _resolve

    if not isinstance(call, cst.Call):
        return None
    fn = finder.scopes.module_function(at, call.func.value) if isinstance(call.func, cst.Name) else None
    method = _own_method(finder, at, call.func) if fn is None else None
    if method is not None:  # ``self.file_queue(...)`` in a method of its class: ``self`` the same object there
        fn, call = method, call.with_changes(args=[cst.Arg(call.func.value), *call.args])
    if fn is None:
        from tfdata_bridge._src.migrate.foreign_queue import foreign_file_queue

        return foreign_file_queue(finder, at, call, _producer, _only_return)  # another module's (foreign_queue.py)
    returned = _producer(finder, _only_return(fn))
    if returned is None:
        return None
    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"the file-queue helper `{name}` is decorated or async")
    bound = _bind_call(fn, call)
    scope = finder.scopes.scope(at)
    args = {}
    given = {p.name.value for p in fn.params.params} - _defaulted(fn, call)
    for k, v in bind(returned, "train.string_input_producer").items():
        # the helper's own names, and its defaults' (evaluated where it is defined), read at the call site now
        free = (names_in(v) - set(bound)).union(*(names_in(bound[p]) for p in names_in(v) & set(bound)
                                                   if p not in given))
        for n in free:  # a module name the helper reads must mean the same where the call is
            if scope is not None and any(not _is_global(a) for a in scope[n]):
                raise Refusal(f"the producer's `{k}` in `{name}` reads `{n}`, which is another name where "
                              f"`{name}` is called")
        args[k] = _resolve(v, bound, {}, name)
    uses = finder.scopes.callers(fn)
    return args, ([fn] if len(uses) == 1 else [])


def _own_method(finder, at: cst.CSTNode, func: cst.BaseExpression) -> cst.FunctionDef | None:
    """The plain method ``self.name`` means where a method of its class calls it (``join._method``: not
    overridden, its instance parameter named as the caller's); None otherwise."""
    from tfdata_bridge._src.migrate.join import _method

    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)) or \
            not isinstance(getattr(finder, "module", None), cst.Module):
        return None
    try:
        fn = _method(finder, finder.module, at, func)
    except Refusal:
        return None
    return fn if _producer(finder, _only_return(fn)) is not None else None


def _defaulted(fn: cst.FunctionDef, call: cst.Call) -> set[str]:
    """The parameters ``call`` leaves to their defaults."""
    names = [p.name.value for p in fn.params.params]
    given = {names[i] for i, a in enumerate(call.args) if a.keyword is None and i < len(names)}
    given |= {a.keyword.value for a in call.args if a.keyword is not None}
    return set(names) - given


def _producer(finder, value: cst.BaseExpression | None) -> cst.Call | None:
    if isinstance(value, cst.Call) and finder.is_api(written_call(value), "train.string_input_producer"):
        return value
    return None


def _is_global(assignment) -> bool:
    """A module's global or a builtin: what the helper (one ``return``, no locals) reads by that name too."""
    from libcst.metadata import BuiltinScope, GlobalScope

    return isinstance(getattr(assignment, "scope", None), (GlobalScope, BuiltinScope))


__all__ = ["helper_file_queue"]


def returned_producer(finder, at: cst.CSTNode, made: cst.SimpleStatementLine, read_arg: cst.Name):
    """``queue = get_filename_queue(split_file, data_dir)`` where the helper, after statements of any kind (a
    split file read, the names checked), ends in ``q = tf.train.string_input_producer(...)`` then ``return q`` (or
    ``return tf.train.string_input_producer(...)``): the producer becomes, in the helper, the dataset of its file
    names (its epochs and shuffle as written, in the helper's own names), and the caller's ``queue`` the name the
    reader's dataset goes on from, as a queue handed in does (``passed_queue.PassedQueue``). A helper of another
    module is changed there through the tree's requests. Followed only where this call is the helper's one use in
    the tree, its name read by the one read, in the same turns; None where the call is of no such function."""
    from tfdata_bridge._src.migrate.passed_queue import PassedQueue
    from tfdata_bridge._src.migrate.queue_callers import same_turns

    call = made.body[0].value
    if not isinstance(call, cst.Call) or not isinstance(call.func, (cst.Name, cst.Attribute)):
        return None
    fn = finder.scopes.module_function(at, call.func.value) if isinstance(call.func, cst.Name) else None
    site, home = finder, None
    if fn is None:
        found = finder.external(call.func) if finder.external is not None else None
        home_site = getattr(finder.external, "home_site", None)
        site = home_site(call.func) if found is not None and home_site is not None else None
        if site is None:
            return None
        fn, home = found[0], site.module
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    last = body[-1] if body else None
    ret = last.body[0].value if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and \
        isinstance(last.body[0], cst.Return) else None
    if site.is_api(ret, "train.string_input_producer"):
        producer, queue = last, ret
    elif isinstance(ret, cst.Name) and len(body) > 1 and isinstance(body[-2], cst.SimpleStatementLine) and \
            len(body[-2].body) == 1 and isinstance(body[-2].body[0], cst.Assign) and \
            len(body[-2].body[0].targets) == 1 and isinstance(body[-2].body[0].targets[0].target, cst.Name) and \
            body[-2].body[0].targets[0].target.value == ret.value and \
            site.is_api(body[-2].body[0].value, "train.string_input_producer"):
        producer, queue = body[-2], ret.value
    else:
        return None
    name = fn.name.value
    what = f"the file queue `{read_arg.value}` is made by `{name}`, which returns its `string_input_producer`"
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"{what}, decorated or async")
    if isinstance(queue, str) and name_counts(fn).get(queue, 0) != 2:
        raise Refusal(f"{what}, and `{name}` uses its `{queue}` beyond making and returning it")
    elsewhere = getattr(site.external, "calls_elsewhere", None)
    uses = len(site.scopes.callers(fn)) + (len(elsewhere(name)) if elsewhere is not None else 0)
    if uses != 1:
        raise Refusal(f"{what}, and `{name}` is used {uses} times in the tree: its producer becomes the dataset of "
                      "its file names only where this call is its one use")
    readers = finder.scopes.readers_of(made, read_arg.value)
    if len(readers) != 1 or readers[0] is not read_arg:
        raise Refusal(f"{what}, and `{read_arg.value}` is used beyond its one read (a file queue shared by two "
                      "readers hands each file to one of them)")
    if not same_turns(finder, made, at):
        raise Refusal(f"{what}, and the read is in a loop (or a nested function) the call is not in: several "
                      "readers would share that file queue")
    bound = bind(producer.body[0].value if isinstance(queue, str) else queue, "train.string_input_producer")
    return PassedQueue(read_arg.value, [(producer, bound, queue)], {id(producer): home} if home is not None else {})

"""The reader function of a join: ``[read_fn(filename_queue, ...) for _ in range(k)]``, read as its parts.

A function or method a join calls once per reader thread with the file queue. Real ones do more than read:

    def read_my_file_format(self, filename_queue, skip=1):
        with tf.name_scope("read"):                           # a graph scope: nothing in tf.data, it goes
            record_defaults = [[0.0]] * self.columns           # statements before the read stay
            reader = io_ops.TextLineReader(skip_header_lines=skip)
            _, line = reader.read(filename_queue)              # or tf.TFRecordReader().read(q), or read_up_to(q, n)
            for _ in range(self.extra):                        # loops, ifs, asserts, logging after it stay
                record_defaults.append([0.0])
            row = tf.decode_csv(line, record_defaults)
            return row[0], row[1:]

Its reader and ``read`` lines go; everything else becomes the per-record function, its parameters other than
the queue bound first (``skip = 1``, from the call's argument or the parameter's default). The queue and the
reader must be used by the read alone, and the function must end with its one ``return``.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, name_counts, names_in, plain_read, Refusal, target_names
from tfdata_bridge._src.migrate.reader_setup import Setup, reader_setup, written_at_call_site
from tfdata_bridge._src.migrate.walk import Visitor

_LITERAL_NAMES = {"None", "True", "False"}


@dataclass
class ReaderFn:
    reader_call: cst.Call  # the reader's constructor call
    key: str
    value: str
    rest: list[cst.BaseStatement]  # the parameters bound, the statements before and after the read
    returned: cst.BaseExpression
    up_to: cst.BaseExpression | None = None  # ``read_up_to(queue, n)``: n, as the caller can evaluate it
    kind: str = ""  # the reader's class (short name)
    removes: list[cst.CSTNode] | None = None  # ``self.reader = Reader()`` in another method of the class
    setup: Setup | None = None  # the statements computing the reader's arguments, as the caller can run them
    producer: cst.Call | None = None  # the function's own input producer call, as the caller can write it


def reader_fn(finder, fn: cst.FunctionDef, call: cst.Call, method: bool, queue: str, loop_var: str,
              readers_api: set[str], obj: str | None = None, cls: cst.ClassDef | None = None,
              producer: cst.Call | None = None) -> ReaderFn:
    """``fn`` called as ``call`` (``queue`` the caller's file queue; ``loop_var`` the comprehension's target) as
    a reader function; ``Refusal`` with the reason when it is not one. A method's first parameter is read as
    ``obj``, the name of the object it is called on at the call site. ``producer``: the input producer call the
    function made its queue with (``own_queue.py``), given back as the caller can write it."""
    from tfdata_bridge._src.migrate.helpers import _unscoped
    from tfdata_bridge._src.migrate.objects import as_object

    name = fn.name.value
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"`{name}` is decorated or async")
    bound, param = _bind(fn, call, method, queue)
    first = fn.params.params[0].name.value if method and fn.params.params else None
    for p, arg in list(bound.items()):
        if loop_var != "_" and loop_var in names_in(arg):
            if not _names_ops_only(finder, fn, p):
                raise Refusal(f"`{name}` is given the loop's `{loop_var}`: the readers are not copies")
            # (``reader_%d' % thread_id`` as a reader's ``name=``: no value changes, the readers are copies;
            # the first turn's names, as for a loop's index)
            from tfdata_bridge._src.migrate.copies_join import _Zero

            bound[p] = arg.visit(_Zero(loop_var))
    body = _tail_returns(_unscoped(finder, list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []))
    returns = [n for s in body for n in _nodes(s, cst.Return)]
    last = body[-1] if body else None
    if not (len(returns) == 1 and isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1
            and last.body[0] is returns[0] and returns[0].value is not None):
        raise Refusal(f"`{name}` does not end with its one `return` of the tensors")
    if any(_nodes(s, (cst.Yield, cst.Global, cst.Nonlocal)) for s in body):
        raise Refusal(f"`{name}` yields or declares global names")
    reader_stmt = read_stmt = None
    read = None
    for s in body[:-1]:
        a = _one_assign(s)
        if a is None:
            continue
        v = a.value
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and v.func.attr.value in ("read", "read_up_to"):
            if read_stmt is not None:
                raise Refusal(f"`{name}` reads more than once")
            read_stmt, read = s, v
    if read is None:
        raise Refusal(f"`{name}` does not read the queue it is given")
    names = target_names(_one_assign(read_stmt).targets[0].target)
    if names is None or len(names) != 2:
        raise Refusal(f"`{name}` does not unpack its read into `key, value`")
    key, value = names
    up_to = None
    read = plain_read(read)  # (``read(queue=q, name="r")``: bound by the method's signature)
    want = 2 if read.func.attr.value == "read_up_to" else 1
    if len(read.args) != want or any(a.keyword is not None or a.star for a in read.args) or not (
            isinstance(read.args[0].value, cst.Name) and read.args[0].value.value == param):
        raise Refusal(f"`{name}` does not read its queue `{param}` as `reader.read({param})`")
    if want == 2:
        own = {first: cst.Name(obj)} if first is not None and obj is not None else {}
        up_to = _at_call_site(read.args[1].value, {**bound, **own}, name)
    reader_expr = read.func.value
    if isinstance(reader_expr, cst.Name):
        made = [s for s in body[:body.index(read_stmt)] if (a := _one_assign(s)) is not None
                and target_names(a.targets[0].target) == [reader_expr.value]]
        if len(made) != 1:
            raise Refusal(f"the reader `{reader_expr.value}` is not made once in `{name}` before its read")
        reader_stmt = made[0]
        reader_call = _one_assign(reader_stmt).value
        if sum(_uses(s, reader_expr.value) for s in body) != 2:  # made, read
            raise Refusal(f"the reader `{reader_expr.value}` is used beyond its read")
    elif isinstance(reader_expr, cst.Attribute) and isinstance(reader_expr.value, cst.Name) and cls is not None \
            and reader_expr.value.value == first:  # ``self.reader.read(q)``: a reader the class made elsewhere
        reader_stmt, reader_call = _stored_reader(cls, reader_expr.attr.value, name)
    else:
        reader_call = reader_expr
    kind = finder.is_api(reader_call, *readers_api) if isinstance(reader_call, cst.Call) else None
    if kind is None:
        raise Refusal(f"`{name}` does not read with one of {', '.join(sorted(readers_api))}")
    if sum(_uses(s, param) for s in body) != 1:
        raise Refusal(f"`{name}` uses its queue `{param}` beyond the read")
    if {key, value} & set(bound):
        raise Refusal(f"`{name}` has a parameter named like its record (`{key}`, `{value}`)")
    before = body[:body.index(read_stmt)]
    if before and is_docstring(before[0]):  # (the function's docstring: no statement of the record's function)
        before = before[1:]
    if any(_uses(s, n) for s in before for n in (key, value) if n != "_"):
        raise Refusal(f"`{name}` uses `{key}` or `{value}` before its read")
    own = {first: cst.Name(obj)} if first is not None and obj is not None else {}
    # a reader made from values the function computes: those statements are written again where the dataset is
    made = cst.Tuple([cst.Element(reader_call), *([cst.Element(producer)] if producer is not None else [])])
    setup = reader_setup([s for s in before if s is not reader_stmt], made, {*bound, param, *([first] if first else [])},
                         name, finder.code)
    setup_of = list(setup.statements) if setup is not None else []  # (as written, before the call site's names)
    if setup is not None:
        if first is not None and first in names_in(cst.Module(setup.statements)) and obj is None:
            raise Refusal(f"`{name}` makes its reader from attributes of the object, which the caller does not name")
        setup.statements = written_at_call_site(setup, {**bound, **own}, {})
    if names_in(reader_call) & (set(bound) | set(own)):  # ``TextLineReader(skip_header_lines=skip)``
        reader_call = _at_call_site(reader_call, {**bound, **own}, name, free_ok=True)
    if producer is not None:
        producer = _at_call_site(producer, {**bound, **own}, name, free_ok=True)
    stored = reader_stmt if reader_stmt is not None and reader_stmt not in body else None
    kept = [*[s for s in before if s is not reader_stmt], *body[body.index(read_stmt) + 1:-1]]
    if setup is not None:  # what only the reader (or its queue) needed was written where the dataset is built
        kept = _without_unread(kept, setup_of, returns[0])
    # (``batch_size = batch_size``: the caller's own name, already what the function's function reads)
    prologue = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(p))], v)])
                for p, v in bound.items() if any(_uses(s, p) for s in [*kept, returns[0]])
                and not (isinstance(v, cst.Name) and v.value == p)]
    rest = [*prologue, *kept]
    returned = returns[0].value
    if first is not None and obj is not None and obj != first:  # ``self`` is the object called, by its name
        if any(_uses(s, obj) for s in [*rest, returned]) or obj in (key, value):
            raise Refusal(f"`{name}` uses the name `{obj}` of the object it is called on")
        rest = as_object(rest, first, obj)
        returned = as_object([returned], first, obj)[0]
    return ReaderFn(reader_call, key, value, rest, returned, up_to, kind, [stored] if stored is not None else None,
                    setup, producer)


def _tail_returns(body: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """``body`` with a tail of returns chosen by an ``if`` (``if isinstance(v, tuple): return list(v)`` then
    ``return [v]``, or ``if c: return a`` / ``else: return b``) as its one ``return a if c else b``: the same
    test, evaluated once where it stood, and only the chosen value evaluated."""
    body = list(body)
    while body:
        last = body[-1]
        if isinstance(last, cst.If) and isinstance(last.orelse, cst.Else):
            test, first, other = last.test, _only_return(last.body), _only_return(last.orelse.body)
            drop = 1
        elif len(body) > 1 and isinstance(body[-2], cst.If) and body[-2].orelse is None:
            test, first, other = body[-2].test, _only_return(body[-2].body), _only_return(last)
            drop = 2
        else:
            break
        if first is None or other is None:
            break
        chosen = cst.IfExp(test=_grouped(test), body=_grouped(first), orelse=_grouped(other))
        body[-drop:] = [cst.SimpleStatementLine([cst.Return(chosen)])]
    return body


def _only_return(node: cst.CSTNode) -> cst.BaseExpression | None:
    """The value of ``return v`` when ``node`` (a block, or a statement line) is that alone."""
    if isinstance(node, cst.IndentedBlock):
        if len(node.body) != 1:
            return None
        node = node.body[0]
    if isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1 and isinstance(node.body[0], cst.Return):
        return node.body[0].value
    return None


def _grouped(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``expr`` in parentheses where a conditional expression's part would read it otherwise."""
    if isinstance(expr, (cst.Tuple, cst.IfExp, cst.Lambda, cst.NamedExpr)) and not expr.lpar:
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


_VARIABLE_NAMES = ("get_variable", "get_local_variable", "Variable", "variable_scope", "make_template")


def _names_ops_only(finder, fn: cst.FunctionDef, param: str) -> bool:
    """Every read of ``param`` in ``fn`` (which must not bind it again) only names an op: it is inside the
    ``name=`` argument of a TensorFlow call, or the name of a ``with tf.name_scope(...)`` block. Such a value
    changes no tensor (a variable's or a ``variable_scope``'s name would: its variables are others)."""
    from tfdata_bridge._src.migrate.calls import bound_names, identifiers

    if param in bound_names(fn.body):
        return False
    refs = {id(n) for n in identifiers(fn.body) if n.value == param}
    if not refs:
        return True
    named: set[int] = set()
    for call in _nodes(fn.body, cst.Call):
        if finder.api(call) is None or finder.is_api(call, *_VARIABLE_NAMES):
            continue
        scope = finder.is_api(call, "name_scope")
        for i, arg in enumerate(call.args):
            if arg.star:
                continue
            kw = arg.keyword.value if arg.keyword is not None else None
            if kw == "name" or scope and (kw is None and i == 0):
                named |= {id(n) for n in identifiers(arg.value) if n.value == param}
    return refs <= named


def _stored_reader(cls: cst.ClassDef, attr: str, fn: str) -> tuple[cst.SimpleStatementLine, cst.BaseExpression]:
    """``self.<attr> = Reader(...)``, made once in a method of ``cls`` from module-level names alone and used
    nowhere else in the class than by ``fn``'s read: (its statement, the reader call)."""
    made: list[cst.SimpleStatementLine] = []
    uses = 0
    for method in cls.body.body:
        if not isinstance(method, cst.FunctionDef) or not method.params.params:
            continue
        me = method.params.params[0].name.value
        for node in _nodes(method.body, cst.Attribute):
            if node.attr.value == attr and isinstance(node.value, cst.Name) and node.value.value == me:
                uses += 1
        for stmt in _nodes(method.body, cst.SimpleStatementLine):
            a = _one_assign(stmt)
            t = a.targets[0].target if a is not None else None
            if isinstance(t, cst.Attribute) and t.attr.value == attr and isinstance(t.value, cst.Name) \
                    and t.value.value == me:
                local = {p.name.value for p in method.params.params} | _assigned(list(method.body.body))
                if names_in(a.value) & local:
                    raise Refusal(f"the reader `{me}.{attr}` is made from values of `{method.name.value}`; "
                                  "the rewrite cannot move them")
                made.append(stmt)
    if len(made) != 1 or uses != 2:
        raise Refusal(f"the reader `self.{attr}` that `{fn}` reads is not made once and read once in its class")
    return made[0], _one_assign(made[0]).value


def _bind(fn: cst.FunctionDef, call: cst.Call, method: bool, queue: str
          ) -> tuple[dict[str, cst.BaseExpression], str]:
    """(the function's other parameters -> the expression each is bound to, the queue parameter's name)."""
    name = fn.name.value
    ps = fn.params
    if isinstance(ps.star_arg, cst.Param) or ps.star_kwarg is not None or ps.posonly_params:
        raise Refusal(f"`{name}` takes *args, **kwargs or positional-only parameters")
    params = list(ps.params[1:] if method else ps.params)
    every = params + list(ps.kwonly_params)
    by_name = {p.name.value: p for p in every}
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            raise Refusal(f"`{name}` is called with *args or **kwargs")
        if arg.keyword is None:
            if i >= len(params):
                raise Refusal(f"`{name}` is called with more arguments than it takes")
            given[params[i].name.value] = arg.value
        elif arg.keyword.value in by_name:
            given[arg.keyword.value] = arg.value
        else:
            raise Refusal(f"`{name}` has no parameter `{arg.keyword.value}`")
    queue_params = [p for p, v in given.items() if isinstance(v, cst.Name) and v.value == queue]
    if len(queue_params) != 1:
        raise Refusal(f"`{name}` is not given the file queue `{queue}` once")
    [param] = queue_params
    bound: dict[str, cst.BaseExpression] = {}
    for p in every:
        n = p.name.value
        if n == param:
            continue
        if n in given:
            if queue in names_in(given[n]):
                raise Refusal(f"`{name}` is given the file queue `{queue}` in `{n}` too")
            bound[n] = given[n]
        elif p.default is None:
            raise Refusal(f"`{name}` is called without its `{n}`")
        elif names_in(p.default) - _LITERAL_NAMES:
            raise Refusal(f"the default of `{name}`'s `{n}` is not a literal; the rewrite cannot move it")
        else:
            bound[n] = p.default
    return bound, param


def _at_call_site(expr: cst.BaseExpression, bound: dict[str, cst.BaseExpression], fn: str,
                  free_ok: bool = False) -> cst.BaseExpression:
    """``expr`` (``read_up_to``'s count, the reader's arguments) as the caller can write it, the function's
    parameters replaced by what they are bound to; other names (``free_ok``: the module's, such as ``tf``)
    refused unless allowed."""
    from tfdata_bridge._src.migrate.helpers import _resolve

    free = names_in(expr) - set(bound) - _LITERAL_NAMES
    if free and not free_ok:
        raise Refusal(f"`{fn}` reads `read_up_to` with a count from `{sorted(free)[0]}`; the rewrite cannot move it")
    out = _resolve(expr, bound, {}, fn)
    # ``batch_size or self.records_per_read`` with ``batch_size`` left at None: the second
    while isinstance(out, cst.BooleanOperation) and isinstance(out.operator, cst.Or) and \
            isinstance(out.left, cst.Name) and out.left.value == "None":
        out = out.right
    return out


def _one_assign(stmt: cst.BaseStatement) -> cst.Assign | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0]
    return None


def _nodes(node: cst.CSTNode, kind) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class _V(Visitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            if isinstance(n, kind):
                found.append(n)
            return not isinstance(n, (cst.FunctionDef, cst.Lambda, cst.ClassDef))

    node.visit(_V())
    return found


def _uses(node: cst.CSTNode, name: str) -> int:
    """How often the variable ``name`` appears in ``node`` (attribute names and keywords are not variables)."""
    return name_counts(node)[name]


def _assigned(stmts: list[cst.BaseStatement]) -> set[str]:
    """The names the statements bind: assignments, loop and comprehension targets, ``with ... as`` names."""
    out: set[str] = set()
    for s in stmts:
        for a in _nodes(s, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.AsName)):
            if isinstance(a, cst.AsName):
                out |= names_in(a.name)
                continue
            targets = [t.target for t in a.targets] if isinstance(a, cst.Assign) else [a.target]
            for t in targets:
                out |= set(target_names(t) or names_in(t))
    return out


def _without_unread(kept: list[cst.BaseStatement], setup: list[cst.BaseStatement], returned: cst.CSTNode
                    ) -> list[cst.BaseStatement]:
    """``kept`` less the setup's statements whose names nothing else in it reads (``capacity = batch_size`` that
    only the file queue read), from the last back, so a chain of them goes together."""
    out = list(kept)
    for stmt in reversed(setup):
        if stmt not in out:
            continue
        others = [s for s in out if s is not stmt]
        if not _assigned([stmt]) & set().union(names_in(returned), *(names_in(s) for s in others)):
            out.remove(stmt)
    return out

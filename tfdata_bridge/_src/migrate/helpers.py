"""A reader helper: ``def read_and_decode(filename_queue): reader = R(); _, v = reader.read(q); ...; return t``.

The most common shape of legacy input code. The helper becomes a function of the record: its reader and
``read`` lines go, its decode lines stay, its queue parameter becomes the record (``value``, or ``key, value``
for a ``WholeFileReader`` whose key is used), and its other parameters stay. It must be a module-level
function (or a ``def`` nested in the calling function, bound once there: ``Scopes.local_function``; it stays in
place as the record function, its closure reads unchanged) with one ``return`` at its end, and every caller a pipeline that is rewritten (``to_tfdata`` undoes
the rewrites otherwise).
"""

from __future__ import annotations

import collections
from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import name_ids as _name_ids
from tfdata_bridge._src.migrate.calls import Refusal, bind, is_none, name_counts, names_in, nodes_of, plain_read, \
    target_names
from tfdata_bridge._src.migrate.filename_queue import handbuilt_file_queue
from tfdata_bridge._src.migrate.compression import options_statement, reader_options
from tfdata_bridge._src.migrate.comments import comment_lines, comments_in
from tfdata_bridge._src.migrate.reader_flag import chosen_reader
from tfdata_bridge._src.migrate.list_reads import unchanging_reads
from tfdata_bridge._src.migrate.reader_setup import Setup, reader_setup, written_at_call_site
from tfdata_bridge._src.migrate.record_keys import KEYED_READERS
from tfdata_bridge._src.migrate.scopes import Scopes
from tfdata_bridge._src.migrate.walk import Visitor


@dataclass
class ReaderHelper:
    fn: cst.FunctionDef  # the helper as written
    new_fn: cst.FunctionDef  # the helper as a function of the record
    reader: str  # reader class short name
    reader_args: dict[str, cst.BaseExpression]  # with the helper's parameters replaced by the call's arguments
    queue: cst.BaseExpression  # the call's argument for the queue parameter
    extra: list[str]  # the call's other arguments, as code, in the helper's order (after the record)
    key_used: bool
    record: str | None = None  # the record object the helper returns (``result = Record()``), if it does
    attrs: dict[str, cst.BaseExpression] | None = None  # its attributes as assigned in the helper
    key_attr: str | None = None  # ``result.key, value = reader.read(q)``: the attribute the key went to
    external: bool = False  # defined in another module of the migrated tree
    # the helper makes its own ``string_input_producer`` (``read_and_decode_single_example(filenames)``): its
    # bound arguments as the call site can evaluate them; None when the helper is given the queue
    queue_args: dict[str, cst.BaseExpression] | None = None
    # an external helper called through its module (``records_reader.read_and_decode(q)``): the module part,
    # as code, which the mapped function keeps (``records_reader.read_and_decode``)
    module_ref: str | None = None
    setup: Setup | None = None  # the statements computing the reader's arguments, as the call site runs them
    # an external helper imported under another name (``from lib import read_example as read_one``): that name
    called_as: str | None = None
    # ``reader.read_up_to(queue, n)``: n, as the call site can evaluate it (the records come n at a time, the
    # helper's ops work on the group; the batch's ``enqueue_many`` takes the rows apart again)
    up_to: cst.BaseExpression | None = None


class _Returns(Visitor):
    def __init__(self) -> None:
        self.count = 0
        self.values: list[cst.BaseExpression | None] = []

    def visit_Return(self, node: cst.Return) -> None:
        self.count += 1
        self.values.append(node.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _bind_call(fn: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression]:
    params = fn.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None or params.star_kwarg \
            or params.kwonly_params or params.posonly_params:
        raise Refusal(f"`{fn.name.value}` takes *args, **kwargs or keyword-only parameters")
    names = [p.name.value for p in params.params]
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            raise Refusal(f"`{fn.name.value}` is called with *args or **kwargs")
        if arg.keyword is None:
            if i >= len(names):
                raise Refusal(f"`{fn.name.value}` is called with more arguments than it takes")
            bound[names[i]] = arg.value
        else:
            bound[arg.keyword.value] = arg.value
    for p in params.params:
        if p.name.value not in bound:
            if p.default is None:
                raise Refusal(f"`{fn.name.value}` is called without its `{p.name.value}`")
            bound[p.name.value] = p.default
    return bound


def reader_helper(finder, scopes: Scopes, fn: cst.FunctionDef, call: cst.Call, code, caller=None) -> ReaderHelper:
    """The helper ``fn`` called by ``call``, as a function of the record; ``Refusal`` when it is not one."""
    name = fn.name.value
    static = len(fn.decorators) == 1 and isinstance(fn.decorators[0].decorator, cst.Name) and \
        fn.decorators[0].decorator.value == "staticmethod"  # (a plain function kept on a class: ``Class.m(...)``)
    if fn.decorators and not static or fn.asynchronous:
        raise Refusal(f"`{name}` is decorated or async")
    bound = _bind_call(fn, call)
    body = _unscoped(finder, list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else [])
    counter = _Returns()
    for s in body:
        s.visit(counter)
    last = body[-1] if body else None
    if not (counter.count >= 1 and isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1
            and isinstance(last.body[0], cst.Return) and last.body[0].value is not None):
        raise Refusal(f"`{name}` does not end with a `return` of the tensors")
    if counter.count > 1 and len({_arity(v) for v in counter.values}) != 1:
        raise Refusal(f"`{name}` returns different numbers of tensors on its paths")
    read_stmt = read = None
    for s in body:
        if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Assign):
            v = s.body[0].value
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and v.func.attr.value in ("read",
                                                                                                        "read_up_to"):
                if read_stmt is not None:
                    raise Refusal(f"`{name}` reads more than once")
                read_stmt, read = s, v
    if read is None:
        raise Refusal(f"`{name}` does not read a queue")
    assign = read_stmt.body[0]
    key_attr = None
    target = assign.targets[0].target if len(assign.targets) == 1 else None
    if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2 and \
            isinstance(target.elements[0].value, cst.Attribute) and isinstance(target.elements[1].value, cst.Name):
        key_attr = target.elements[0].value.attr.value  # the key goes to a record attribute
        defined = ["_", target.elements[1].value.value]
    else:
        defined = target_names(target) if target is not None else None
    if defined is None or len(defined) != 2:
        raise Refusal(f"`{name}` does not unpack its read into `key, value`")
    key, value = defined
    up_to = None
    read = plain_read(read)  # (``read(queue=q, name="r")``: bound by the method's signature)
    if read.func.attr.value == "read_up_to":  # ``read_up_to(queue, n)``: the count goes, the queue is read
        if len(read.args) != 2 or any(a.star or a.keyword is not None and a.keyword.value not in ("queue",
                                                                                              "num_records")
                                      for a in read.args) or \
                [a.keyword.value for a in read.args if a.keyword is not None] not in ([], ["num_records"],
                                                                                     ["queue", "num_records"]):
            raise Refusal(f"`{name}` must call `read_up_to` as `reader.read_up_to(queue, n)`")
        up_to = read.args[1].value
        read = read.with_changes(args=[read.args[0].with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT,
                                                                 comma=cst.MaybeSentinel.DEFAULT)])
    if len(read.args) != 1 or not isinstance(read.args[0].value, cst.Name):
        raise Refusal(f"`{name}` does not read the queue it is given")
    queue_param = read.args[0].value.value
    removed: list[cst.CSTNode] = [read_stmt]
    queue_args = None
    if queue_param not in bound:  # the helper makes its own file queue from what it is given
        queue_args, producer_stmts = _own_producer(finder, scopes, body, read_stmt, queue_param, bound, name)
        removed.extend(producer_stmts)
    # the reader: inline, or one assignment in the helper
    reader_expr = read.func.value
    if isinstance(reader_expr, cst.Name):
        reader_stmt = scopes.single_assignment(read_stmt, reader_expr.value)
        if reader_expr.value in {p.name.value for p in fn.params.params} and (reader_stmt is None or
                                                                               reader_stmt not in body):
            given = bound.get(reader_expr.value)
            given_code = cst.Module([]).code_for_node(given).strip() if given is not None else reader_expr.value
            shown = f" (`{given_code}`)" if given_code != reader_expr.value else ""
            raise Refusal(f"`{name}` reads with the reader its caller passes as `{reader_expr.value}`{shown}: the "
                          f"rewrite follows a reader made in `{name}` or inline in its read, and one handed in "
                          "only where every call in the migrated tree makes it for that call alone (inline, or bound "
                          "by the caller to a name read only by the call), of one class with the same literal "
                          "arguments, or a parameter defaulting to `None` that every call leaves `None`, tested "
                          "(`if reader is None:`, `reader = reader or ...`) or handed on before the reader is made; "
                          f"not rewritten: make the reader in `{name}` (`tf.TFRecordReader().read(queue)`)")
        chosen = chosen_reader(body, read_stmt, reader_expr.value, bound, name) if reader_stmt is None else None
        if chosen is None and (reader_stmt is None or reader_stmt not in body):
            raise Refusal(f"the reader `{reader_expr.value}` is not made once in `{name}` before its read")
        if [r for r in scopes.readers_of(read_stmt, reader_expr.value) if r is not reader_expr]:
            raise Refusal(f"the reader `{reader_expr.value}` is used beyond its read")
        if chosen is not None:  # an ``if`` on a literal flag of this call chooses it (reader_flag.py)
            reader_stmt, reader_expr = chosen
        else:
            reader_expr = reader_stmt.body[0].value
        removed.append(reader_stmt)
    from tfdata_bridge._src.migrate.pipelines import PLAIN_READERS, READERS

    kind = finder.is_api(reader_expr, *PLAIN_READERS)  # (an IdentityReader's work strings: identity.py)
    if kind is None:
        raise Refusal(f"`{name}` does not read with one of {', '.join(sorted(READERS))}")
    made = {id(n) for s in removed[1:] for n in nodes_of(s, cst.Name)}  # a queue the helper makes: its own lines
    if [r for r in scopes.readers_of(read_stmt, queue_param) if r is not read.args[0].value and id(r) not in made]:
        raise Refusal(f"`{name}` uses its queue `{queue_param}` beyond the read")
    key_used = key != "_" and bool(scopes.readers_of(read_stmt, key))
    if key_used and kind not in KEYED_READERS:  # the others' keys are made again (record_keys.py)
        raise Refusal(f"the record key `{key}` is used; the rewrite knows no key format of {kind}")
    others = [p for p in fn.params.params if p.name.value != queue_param]
    if queue_args is not None:  # parameters only the producer and the reader used go with them
        inside = set().union(*(_name_ids(s) for s in removed))
        others = [p for p in others
                  if [r for r in scopes.readers_of(read_stmt, p.name.value) if id(r) not in inside]]
    if {key, value} & {p.name.value for p in others}:
        raise Refusal(f"`{name}` has a parameter named like its record (`{key}`, `{value}`)")
    locals_ = _constants(body, read_stmt, bound)
    # a TFRecordReader's options: the compression type, known here (compression.py)
    from tfdata_bridge._src.migrate.reader_kwargs import bind_reader
    written = reader_options(finder, reader_expr, kind, bind_reader(finder, reader_expr, kind, bound, caller), bound, code)
    reader_args = {k: _resolve(v, bound, locals_, name) for k, v in written.items()}
    scope = scopes.scope(read_stmt)
    own = {a.name for a in scope.assignments} if scope is not None else set()
    setup = None
    if any(names_in(v) & own - set(bound) for v in reader_args.values()):
        # values the helper computes (``n *= d`` in a loop): written again where the dataset is built
        before = [s for s in body[:body.index(read_stmt)] if s not in removed]
        setup = reader_setup(before, reader_expr, {*bound, queue_param}, name, code)
        if setup is not None:
            setup.statements = written_at_call_site(setup, bound, {})
            reader_args = {k: _resolve(v, bound, {}, name) for k, v in written.items()}
    for k, v in reader_args.items():
        if names_in(v) & own - set(bound) - set(setup.names if setup is not None else ()):
            raise Refusal(f"the reader's `{k}` uses a value `{name}` computes, which the rewrite cannot move")
    if up_to is not None:
        if kind == "WholeFileReader":
            raise Refusal("`WholeFileReader.read_up_to` gives one file a run; not rewritten")
        if key_used:
            raise Refusal(f"the record keys `{key}` of `read_up_to` are used; legacy's groups end at each file's end, "
                          "so their keys are not rewritten")
        up_to = _resolve(up_to, bound, locals_, name)
        if names_in(up_to) & own - set(bound):
            raise Refusal(f"`{name}` reads `read_up_to` with a count it computes, which the rewrite cannot move")
    removed += options_statement(scopes, read_stmt, reader_expr, kind, body)  # read by the reader alone: it goes with it
    record = [key, value] if key_used else [value]
    new_params = [cst.Param(cst.Name(n)) for n in record] + others
    kept = [s for s in body if s not in removed]
    gone = comments_in([s for s in body if s in removed])
    if gone and kept:  # the comments of the reader lines stay with the code that follows them
        kept[0] = kept[0].with_changes(leading_lines=[*comment_lines(gone), *kept[0].leading_lines])
    new_fn = fn.with_changes(params=fn.params.with_changes(params=new_params),
                             body=fn.body.with_changes(body=kept))
    extra = [code(bound[p.name.value]) for p in others]
    helper = ReaderHelper(fn, new_fn, kind, reader_args, bound.get(queue_param, read.args[0].value), extra,
                          key_used, key_attr=key_attr, queue_args=queue_args, setup=setup, up_to=up_to)
    returned = last.body[0].value
    if isinstance(returned, cst.Name) and returned.value != value and counter.count == 1:
        attrs = _record_attrs(body, returned.value, scopes, read_stmt)
        if attrs is not None:
            helper.record, helper.attrs = returned.value, attrs
    if key_attr is not None and helper.record is None and _key_read(body, target.elements[0].value):
        raise Refusal(f"`{name}` keeps the record key in `{code(target.elements[0].value)}`")
    return helper


def _key_read(body: list[cst.BaseStatement], stored: cst.Attribute) -> bool:
    """Whether the record key stored in ``record.key`` may be read: ``record`` is used otherwise than through
    its attributes, or that attribute is read. A key only stored there goes unread, as the rewrite's dropped key."""
    if not isinstance(stored.value, cst.Name):
        return True
    record = stored.value.value
    bases = {id(a.value) for s in body for a in nodes_of(s, cst.Attribute) if isinstance(a.value, cst.Name)}
    made = {id(t.target) for s in body for a in nodes_of(s, cst.Assign) for t in a.targets}
    for s in body:
        for n in nodes_of(s, cst.Name):
            if n.value == record and id(n) not in bases and id(n) not in made:
                return True
        for a in nodes_of(s, cst.Attribute):
            if a is not stored and isinstance(a.value, cst.Name) and a.value.value == record and \
                    a.attr.value == stored.attr.value:
                return True
    return False


def _arity(value: cst.BaseExpression | None) -> int | None:
    """How many tensors a ``return`` gives: a literal tuple's or list's length, 1 for one value; None (never
    equal to a count) for a bare ``return`` or a starred element."""
    if value is None:
        return None
    if isinstance(value, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return None
        return len(value.elements)
    return -1


_GRAPH_SCOPES = ("name_scope", "variable_scope", "device")


def _unscoped(finder, body: list[cst.BaseStatement], used: collections.Counter[str] | None = None
              ) -> list[cst.BaseStatement]:
    """The helper's statements, those inside ``with tf.name_scope(...)`` / ``tf.variable_scope(...)`` /
    ``tf.device(...)`` blocks in their place: a graph scope means nothing inside a tf.data function, so the
    rewritten helper goes without it. A scope bound to a name (``with tf.name_scope("IO") as scope:``) goes too
    when nothing in the function reads that name (``used``: the function's identifiers, counted once at the
    top: the binding is then the name's one appearance); one read keeps the block (and the helper's form)."""
    if used is None:
        used = collections.Counter()
        for stmt in body:
            used.update(name_counts(stmt))
    out: list[cst.BaseStatement] = []
    for stmt in body:
        if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock) and all(
                _unread_as(item, used) and finder.is_api(item.item, *_GRAPH_SCOPES) for item in stmt.items):
            out += _unscoped(finder, list(stmt.body.body), used)
        else:
            out.append(stmt)
    return out


def _unread_as(item: cst.WithItem, used: collections.Counter[str]) -> bool:
    """``item`` binds no name, or binds a plain name nothing else in the function mentions."""
    if item.asname is None:
        return True
    target = item.asname.name
    return isinstance(target, cst.Name) and used[target.value] == 1


def _own_producer(finder, scopes: Scopes, body, read_stmt, queue: str, bound, helper: str
                  ) -> tuple[dict[str, cst.BaseExpression], list[cst.SimpleStatementLine]]:
    """``filename_queue = tf.train.string_input_producer(files, ...)`` (or a hand-built filename queue,
    ``filename_queue.py``) made in the helper and read once: its arguments as the call site can evaluate them,
    and its statements (which go with the reader lines)."""
    stmt = scopes.single_assignment(read_stmt, queue)
    hand = handbuilt_file_queue(finder, stmt, read_stmt.body[0].value.args[0].value, body) \
        if stmt is not None and stmt in body else None  # FIFOQueue + enqueue_many + QueueRunner (filename_queue.py)
    if hand is None and (stmt is None or stmt not in body
                         or not finder.is_api(stmt.body[0].value, "train.string_input_producer")):
        raise Refusal(f"`{helper}` does not read the queue it is given, nor one `string_input_producer` or "
                      "hand-built filename queue it makes")
    if hand is None and [r for r in scopes.readers_of(read_stmt, queue)
                         if r is not read_stmt.body[0].value.args[0].value]:
        raise Refusal(f"`{helper}` uses its file queue `{queue}` beyond the read")
    locals_ = _constants(body, stmt, bound)
    if hand is not None:
        shared = _resolve(hand.shared_name, bound, locals_, helper) if hand.shared_name is not None else None
        if not is_none(shared):
            raise Refusal(f"`{helper}`'s file queue has shared_name={cst.Module([]).code_for_node(shared)}: shared with other sessions; "
                          "not rewritten")
        produced = hand.args
    else:
        produced = bind(stmt.body[0].value, "train.string_input_producer")
    _check_unchanged(scopes, body, stmt, produced, locals_, bound, hand.removed if hand is not None else [stmt], helper)
    args = {k: _resolve(v, bound, locals_, helper) for k, v in produced.items()}
    scope = scopes.scope(read_stmt)
    own = {a.name for a in scope.assignments} if scope is not None else set()
    for k, v in args.items():
        if names_in(v) & own - set(bound):
            raise Refusal(f"the file queue's `{k}` uses a value `{helper}` computes, which the rewrite cannot move")
    return args, hand.removed if hand is not None else [stmt]


def _check_unchanged(scopes: Scopes, body, at, produced, locals_, bound, queue_lines, helper: str) -> None:
    """The file queue's arguments move to the call site as the helper's locals were assigned
    (``files = sorted(glob(...))``): refused when the helper also hands such a local to anything else (an in-place
    ``random.shuffle(files)`` would be lost), unless in an ``if flag:`` the call's literal ``False`` skips."""
    dead = set()
    for s in body:
        if _skipped(s, bound):
            dead |= {id(n) for n in nodes_of(s, cst.Name)}
    inside = dead | {id(n) for q in queue_lines for n in nodes_of(q, cst.Name)}
    # the statements after the last that hands the list to the graph (the producer's, a hand-built queue's
    # ``enqueue_many``): the list is a constant of the graph by then, so what they do with it changes nothing the
    # queue reads; they stay in the helper, which runs them as it did
    last = max((i for i, s in enumerate(body) if any(s is q for q in queue_lines)), default=None)
    passed = False
    for i, s in enumerate(body):
        if last is not None and i > last:
            inside |= {id(n) for n in nodes_of(s, cst.Name)}
            continue
        inside |= unchanging_reads(s)  # (``len(files)``, ``print(files)``, a log line: read, nothing changed)
        passed = passed or s is at
        if passed:
            continue
        assign = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name):
            # (``files = tf.constant(files)``, a rebinding ``_constants`` wrote in place: its read of the last one)
            rebound = assign.targets[0].target.value
            inside |= {id(n) for n in nodes_of(assign.value, cst.Name) if n.value == rebound}
    for name in sorted(set().union(*(names_in(v) for v in produced.values())) & set(locals_)):
        if [r for r in scopes.readers_of(at, name) if id(r) not in inside]:
            raise Refusal(f"the file list `{name}` in `{helper}` is also used elsewhere in it (it may change it "
                          "before the queue reads it), so it cannot move to the call")


def _record_attrs(body, obj: str, scopes: Scopes, at) -> dict[str, cst.BaseExpression] | None:
    """``{attr: value}`` when ``obj`` is a plain object (``obj = Record()``) whose attributes the helper sets
    once each (``obj.attr = value``) and otherwise only returns; None when ``obj`` is anything else."""
    made = scopes.single_assignment(body[-1], obj)
    if made is None or not isinstance(made.body[0].value, cst.Call) or made.body[0].value.args:
        return None
    attrs: dict[str, cst.BaseExpression] = {}
    for stmt in body:
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0],
                                                                                                 cst.Assign)):
            continue
        for t in stmt.body[0].targets:
            targets = t.target.elements if isinstance(t.target, (cst.Tuple, cst.List)) else [t.target]
            for el in targets:
                el = el.value if isinstance(el, cst.Element) else el
                if isinstance(el, cst.Attribute) and isinstance(el.value, cst.Name) and el.value.value == obj:
                    if el.attr.value in attrs:
                        raise Refusal(f"`{obj}.{el.attr.value}` is assigned more than once")
                    attrs[el.attr.value] = stmt.body[0].value if len(targets) == 1 else None
    return attrs


def _skipped(stmt: cst.CSTNode, bound) -> bool:
    """``stmt`` is an ``if flag:`` (no ``else``) whose flag the call binds to a literal ``False``: the helper
    never runs its block for this call (``if shuffle_files: files = tf.random_shuffle(files)``)."""
    return isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.test, cst.Name) and \
        isinstance(bound.get(stmt.test.value), cst.Name) and bound[stmt.test.value].value == "False"


def _constants(body, before, bound) -> dict[str, cst.BaseExpression]:
    """Names and ``obj.attr``s the helper assigns once, before ``before``, to a value: what reader arguments
    that use them mean at the call site. An ``if flag:`` block the call's literal ``False`` skips binds
    nothing for it (``_skipped``)."""
    out: dict[str, cst.BaseExpression] = {}
    seen: set[str] = set()
    chained: set[str] = set()
    for stmt in body:
        if stmt is before:
            break
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0],
                                                                                                 cst.Assign)):
            continue
        a = stmt.body[0]
        if len(a.targets) != 1:
            continue
        t = a.targets[0].target
        key = t.value if isinstance(t, cst.Name) else (
            f"{t.value.value}.{t.attr.value}" if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name)
            else None)
        if key is None:
            continue
        if key in seen and "." not in key and key in out and key in names_in(a.value) and \
                key not in _bindings(a.value):
            # (``files = tf.constant(files)``: the name rebound, top level, to a value of its last one: the
            # value written with the last one in place, still a constant)
            out[key] = _put_name(a.value, key, out[key])
            chained.add(key)
        elif key in seen:
            out.pop(key, None)
            chained.discard(key)
        else:
            seen.add(key)
            out[key] = a.value
    # a name also bound otherwise before ``before`` (``n *= d`` in a loop, a loop target, ``with ... as n``) is
    # no constant: its value is not the one assignment's
    upto = body[:body.index(before)] if before in body else body
    rebound = collections.Counter(n for stmt in upto if not _skipped(stmt, bound) for n in _bindings(stmt))
    top = collections.Counter(n for stmt in upto if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                              and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
                              and isinstance(stmt.body[0].targets[0].target, cst.Name)
                              for n in [stmt.body[0].targets[0].target.value])
    return {k: v for k, v in out.items() if "." in k or rebound[k] == 1 or
            (k in chained and rebound[k] == top[k])}


def _put_name(value: cst.BaseExpression, name: str, was: cst.BaseExpression) -> cst.BaseExpression:
    """``value`` with each read of ``name`` replaced by ``was`` (parenthesized where it is not atomic)."""
    atom = was if isinstance(was, (cst.Name, cst.Attribute, cst.Call, cst.List, cst.ListComp, cst.Tuple,
                                   cst.Subscript, cst.SimpleString, cst.Integer)) else \
        was.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])

    attrs = {id(n.attr) for n in nodes_of(value, cst.Attribute)}  # (``x.name`` is no read of ``name``)

    class _Put(cst.CSTTransformer):
        def leave_Name(self, original, updated):
            return atom if original.value == name and id(original) not in attrs else updated

    return value.visit(_Put())


def _bindings(stmt: cst.CSTNode) -> list[str]:
    """Every name ``stmt`` binds (with repeats), in nested blocks too."""
    out: list[str] = []
    for node in nodes_of(stmt, cst.CSTNode):
        if isinstance(node, cst.Assign):
            out += [n for t in node.targets for n in names_in(t.target)]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor)):
            out += names_in(node.target)
        elif isinstance(node, cst.AsName):
            out += names_in(node.name)
        elif isinstance(node, cst.NamedExpr):
            out += names_in(node.target)
    return out


def _resolve(expr: cst.BaseExpression, bound: dict[str, cst.BaseExpression], locals_: dict[str, cst.BaseExpression],
             helper: str, depth: int = 0) -> cst.BaseExpression:
    """``expr`` as the call site can evaluate it: parameters by the call's arguments, the helper's constants
    by their values (``record_bytes = label_bytes + image_bytes``); a local it cannot resolve is refused."""
    if depth > 20:
        raise Refusal(f"the reader arguments in `{helper}` are defined in a cycle")

    class _Sub(cst.CSTTransformer):
        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
            if isinstance(original.value, cst.Name):
                key = f"{original.value.value}.{original.attr.value}"
                if key in locals_:
                    return _paren(_resolve(locals_[key], bound, locals_, helper, depth + 1))
            return updated.with_changes(attr=original.attr)  # an attribute's name is not a variable

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            return not (isinstance(node.value, cst.Name) and f"{node.value.value}.{node.attr.value}" in locals_)

        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
            if original.value in bound:
                return bound[original.value]
            if original.value in locals_:
                return _paren(_resolve(locals_[original.value], bound, locals_, helper, depth + 1))
            return updated

        def visit_Arg(self, node: cst.Arg) -> bool:
            return False  # the value is done in leave_Arg: a keyword's name is not a variable

        def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
            return original.with_changes(value=original.value.visit(self))

    return expr.visit(_Sub())


def _paren(expr: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(expr, (cst.Name, cst.Integer, cst.Float, cst.SimpleString, cst.Attribute, cst.Call,
                         cst.Subscript)):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])

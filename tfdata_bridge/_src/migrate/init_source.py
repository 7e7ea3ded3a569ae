"""A class that makes its file queue and reader in ``__init__`` and reads them in a method; the batch in the caller.

    class GameReader(object):                                   class GameReader(object):
        def __init__(self, paths):                                  def __init__(self, paths):
            self.queue = tf.train.string_input_producer(...)            self.dataset = (tf.data.Dataset
            self.reader = tf.TFRecordReader()                               .from_tensor_slices(paths)...)

        def game(self):                                             @tf.autograph.experimental.do_not_convert
            _, serialized = self.reader.read(self.queue)            def game(self, serialized):
            parsed = tf.parse_single_example(serialized, ...)           parsed = tf.parse_single_example(...)
            return [parsed["moves"], ...]                               return [parsed["moves"], ...]

    def main(data_dir):                                         def main(data_dir):
        games = GameReader(paths)                                   games = GameReader(paths)
        batch = tf.train.batch(games.game(), batch_size=4)          dataset = (games.dataset.map(games.game)
                                                                        .batch(4, drop_remainder=True)...)
                                                                    batch = list(...get_next())

The source's statements, the reading method's and the caller's batch are gathered into one function, which the
ordinary recogniser rewrites (``trial``); its dataset chain is cut before the map of the method's per-element
code: the records dataset is made where the queue and the reader were (``__init__``, or a method ``__init__``
calls), the method becomes the map function (traced where the caller batches, as legacy built its ops there), and
the batch stays in the caller. Also ``x, y = games.game()`` then the batch of ``x, y``.

Only where it means the same: the queue and the reader are attributes set once in the class, read nowhere but
by the method's one ``self.reader.read(self.queue)`` (a reader's state -- ``num_records_produced()``,
``num_work_units_completed()``, ``reset()``, ``restore_state`` -- is refused, naming the call and line: a
tf.data pipeline keeps no such state); the method is called once per object, on an object ``x = Cls(...)`` of its
function, by nothing else in the module or the tree; every caller's rewrite makes the same class.

The reader may be made inline by the read (``_, line = tf.TextLineReader().read(self.filename_queue)``: only the
queue is kept on ``self``; the method may be named ``read``). The batch may be a hand-built queue the caller fills
with the method's tensors (``queue = tf.FIFOQueue(...)``, ``op = queue.enqueue([x, y])``, its ``QueueRunner``,
then one ``queue.dequeue_many(n)``: held-out round 33's abalone reader), its statements gathered with the
dequeue. The object may be handed to the function that batches (``def queued_batch(reader, n)``, or a method of
another class of the module) where every call of that function hands over a new object of the class, made
inline or used by that call alone, outside any loop (``_handed_in``): each object's method then runs once.

A class of another module of the tree (``x = LabelReader(...)`` of ``from lib.games import LabelReader``) is
rewritten the same way from its caller's module: the caller changes there, and the class's new form is asked of
the tree (``requests``, keyed ``"class Name"``), which changes it where every use of the class in the tree is such
a rewritten call; the names the class reads and its new form writes must be the same imports in both modules.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider, ScopeProvider

from tfdata_bridge._src.migrate.base_reads import related_reads
from tfdata_bridge._src.migrate.calls import code_of, free_attribute, names_in, nodes_of, plain_arg, plain_read, Refusal,\
    wrapped
from tfdata_bridge._src.migrate.object_merge import as_locals, local_names, methods, self_name
from tfdata_bridge._src.migrate.object_split import _CONSUMER_STEPS, _bare, _chain, _links
from tfdata_bridge._src.migrate.results import Note, PipelineOutcome

_GATHERED = "_tfdata_bridge_object_pipeline"  # (``object_pipeline._span`` finds it by this name)
_INSTANCE = "_tfdata_bridge_instance"  # the method's instance in the gathered function
_MAKER = "_tfdata_bridge_maker"  # the making method's
# a reader's state, which a tf.data pipeline does not keep
STATE = {"num_records_produced": "the number of records it produced",
         "num_work_units_completed": "the number of files it finished",
         "reset": "its reset to the first file", "restore_state": "a restored state",
         "serialize_state": "its serialized state"}


def _small(stmt: cst.CSTNode):
    return stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None


def _set_attr(stmt: cst.CSTNode, instance: str) -> tuple[str, cst.Call] | None:
    """(attribute, the call) of ``self.attr = call(...)``."""
    small = _small(stmt)
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call):
        t = small.targets[0].target
        if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == instance:
            return t.attr.value, small.value
    return None


def _read_of(stmt: cst.CSTNode, instance: str) -> tuple[str | cst.Call, str] | None:
    """(reader attribute, queue attribute) of ``k, v = self.reader.read(self.queue)``; (the reader's constructor
    call, queue attribute) of an inline reader's ``k, v = tf.TextLineReader().read(self.queue)``."""
    small = _small(stmt)
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)):
        return None
    call = plain_read(small.value)  # (``read(queue=self.queue, name=...)``: bound by the method's signature)
    f = call.func
    if not (isinstance(f, cst.Attribute) and f.attr.value == "read" and len(call.args) == 1
            and call.args[0].keyword is None and isinstance(f.value, (cst.Attribute, cst.Call))):
        return None
    reader, queue = f.value, call.args[0].value
    if not (isinstance(queue, cst.Attribute) and isinstance(queue.value, cst.Name) and queue.value.value == instance):
        return None
    if isinstance(reader, cst.Call):  # (its constructor's path is checked by ``_forms``: a reader's)
        return reader, queue.attr.value
    if isinstance(reader.value, cst.Name) and reader.value.value == instance:
        return reader.attr.value, queue.attr.value
    return None


class _Form:
    """One class's queue and reader made in a maker, read by one method."""

    def __init__(self, cls, maker, reader_attr, queue_attr, method, source_stmts):
        self.cls, self.maker, self.method = cls, maker, method
        self.reader_attr, self.queue_attr = reader_attr, queue_attr
        self.source_stmts = source_stmts  # the maker's ``self.queue = ...`` and ``self.reader = ...``, in order


def _makers(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    """``__init__`` and the methods ``__init__`` calls as ``self.m(...)`` statements."""
    init = next((m for m in methods(cls) if m.name.value == "__init__"), None)
    if init is None or self_name(init) is None:
        return []
    out = [init]
    for stmt in init.body.body:
        small = _small(stmt)
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            f = small.value.func
            if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name) and f.value.value == self_name(init):
                m = next((m for m in methods(cls) if m.name.value == f.attr.value), None)
                if m is not None and m is not init and self_name(m) is not None and not m.decorators:
                    out.append(m)
    return out


def _forms(module: cst.Module, index) -> list[_Form]:
    out = []
    for cls in module.body:
        if not isinstance(cls, cst.ClassDef):
            continue
        makers = _makers(cls)
        for m in methods(cls):
            instance = self_name(m)
            if instance is None or m in makers:
                continue
            body = [s for s in m.body.body if not (isinstance(_small(s), cst.Expr)
                                                  and isinstance(_small(s).value, cst.SimpleString))]
            read = _read_of(body[0], instance) if body else None
            if read is None:
                continue
            reader_attr, queue_attr = read
            inline = None
            if isinstance(reader_attr, cst.Call):  # an inline reader: made by the read, once per call
                inline, reader_attr = reader_attr, None
            wanted = {a for a in (reader_attr, queue_attr) if a is not None}
            for maker in makers:
                sets = {}
                for stmt in maker.body.body:
                    got = _set_attr(stmt, self_name(maker))
                    if got is not None and got[0] in wanted:
                        sets.setdefault(got[0], []).append((stmt, got[1]))
                if set(sets) != wanted or any(len(v) != 1 for v in sets.values()):
                    continue
                reader_path = index.paths.get(inline if inline is not None else sets[reader_attr][0][1]) or ""
                queue_path = index.paths.get(sets[queue_attr][0][1]) or ""
                if not reader_path.endswith("Reader") or not queue_path.endswith("input_producer"):
                    continue
                stmts = [s for s in maker.body.body if any(s is v[0][0] for v in sets.values())]
                out.append(_Form(cls, maker, reader_attr, queue_attr, m, stmts))
    return out


def _positions(module: cst.Module):
    return wrapped(module).resolve(PositionProvider)


def _check_attrs(module: cst.Module, form: _Form, pos, external) -> None:
    """The queue and the reader are read nowhere but by the method's read; a reader's state is refused."""
    read = [s for s in form.method.body.body if _read_of(s, self_name(form.method)) is not None][0]
    allowed = {id(a) for a in nodes_of(read, cst.Attribute)} | {id(a) for s in form.source_stmts
                                                                for a in nodes_of(s, cst.Attribute)}
    from tfdata_bridge._src.migrate.object_uses import uses

    for attr in [a for a in (form.reader_attr, form.queue_attr) if a is not None]:
        # (by scope: ``self.queue`` in another class's method, or on an object of another class, is not this one's)
        for node, _, _ in uses(module, form.cls, attr):
            if id(node) in allowed:
                continue
            line = pos[node].start.line if node in pos else 0
            parent = _call_on(module, node)
            if attr == form.reader_attr and parent is not None and parent[0] in STATE:
                raise Refusal(
                    f"`{module.code_for_node(parent[1])}` at line {line} reads the reader's state "
                    f"({STATE[parent[0]]}), which a tf.data pipeline does not keep; the reader and its queue are left "
                    "(`migrate --to compat` keeps them)")
            raise Refusal(f"`{attr}`, the {'reader' if attr == form.reader_attr else 'file queue'} that "
                          f"`{form.cls.name.value}.{form.maker.name.value}` keeps, is also used at line {line}: "
                          "it would no longer exist; the pipeline is left")
        elsewhere = getattr(external, "attribute_uses", None)
        if elsewhere is not None and elsewhere(attr):
            raise Refusal(f"`{attr}`, which `{form.cls.name.value}` keeps, is read in another module of the tree")


def _call_on(module: cst.Module, attr: cst.Attribute) -> tuple[str, cst.Call] | None:
    """(method, the call) where ``attr`` is the object of ``attr.method(...)``."""
    for call in nodes_of(module, cst.Call):
        f = call.func
        if isinstance(f, cst.Attribute) and f.value is attr:
            return f.attr.value, call
    return None


class _Site:
    def __init__(self, fn, obj, batch_stmt, api, unpack=None, queued=()):
        self.fn, self.obj, self.batch_stmt, self.api, self.unpack = fn, obj, batch_stmt, api, unpack
        self.call = None  # the ``obj.method()`` call
        # a hand-built queue's other statements (made, enqueued, its runner), in order: gathered with the dequeue
        self.queued = list(queued)


_QUEUES = ("FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue")
_DEQUEUES = ("dequeue", "dequeue_many", "dequeue_up_to")


def _queue_stmts(index, fn: cst.FunctionDef, enqueue_stmt: cst.CSTNode) -> tuple[list, cst.CSTNode] | None:
    """(the statements of ``fn``'s hand-built queue but its dequeue, in order; the one dequeue statement) where
    ``enqueue_stmt`` is ``op = queue.enqueue(...)`` of a queue ``fn`` makes: the statements reading the queue or
    a name bound from it (the enqueue op, a ``QueueRunner``), all plain statements of ``fn``'s own block, the
    dequeue's targets not followed (what the caller does with the batch stays its own); None where it is not so."""
    small = _small(enqueue_stmt)
    enqueues = [c for c in nodes_of(enqueue_stmt, cst.Call) if isinstance(c.func, cst.Attribute)
                and c.func.attr.value == "enqueue" and isinstance(c.func.value, cst.Name)]
    if not isinstance(small, (cst.Assign, cst.Expr)) or len(enqueues) != 1:
        return None
    queue = enqueues[0].func.value.value
    body = list(fn.body.body)
    made = [s for s in body if isinstance(_small(s), cst.Assign) and len(_small(s).targets) == 1
            and isinstance(_small(s).targets[0].target, cst.Name) and _small(s).targets[0].target.value == queue]
    binds = [t for t in nodes_of(fn, cst.AssignTarget) if queue in names_in(t.target)]
    if len(made) != 1 or len(binds) != 1 or not isinstance(_small(made[0]).value, cst.Call) or \
            (index.paths.get(_small(made[0]).value) or "").rsplit(".", 1)[-1] not in _QUEUES:
        return None
    names, chosen, dequeue = {queue}, {id(made[0]), id(enqueue_stmt)}, None
    if isinstance(small, cst.Assign):
        names |= names_in(small.targets[0].target)
    while True:
        grown = False
        for stmt in body:
            if id(stmt) in chosen or not (names_in(stmt) & names):
                continue
            if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
                return None  # (the queue read in a block, or beside another statement: not followed)
            chosen.add(id(stmt))
            grown = True
            st = stmt.body[0]
            taken = [c for c in nodes_of(stmt, cst.Call) if isinstance(c.func, cst.Attribute)
                     and c.func.attr.value in _DEQUEUES and isinstance(c.func.value, cst.Name)
                     and c.func.value.value == queue]
            if taken:
                if dequeue is not None:
                    return None  # (two dequeues of one queue: not followed)
                dequeue = stmt
            elif isinstance(st, cst.Assign):
                names |= {n for t in st.targets for n in names_in(t.target)}
        if not grown:
            break
    if dequeue is None:
        return None
    inner = {id(n) for s in body if id(s) in chosen for n in nodes_of(s, cst.Name)}
    if any(n.value in names and id(n) not in inner for n in nodes_of(fn, cst.Name)):
        return None  # (a name of the queue's read elsewhere: a nested function's, a block's)
    order = [s for s in body if id(s) in chosen]
    if order[-1] is not dequeue:
        return None  # (the queue used after its dequeue)
    return order[:-1], dequeue


def _functions(module: cst.Module) -> list[cst.FunctionDef]:
    return nodes_of(module, cst.FunctionDef)


def _sites(module: cst.Module, index, form: _Form, external, spelled: str | None = None) -> list[_Site]:
    """Each ``x.method()`` of the module, as a batch's tensors (or unpacked, then batched); ``Refusal`` where a use
    is anything else."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES

    name = form.method.name.value
    # (a method named ``read``: its own reader's ``read`` is no call of it)
    own_read = {id(c.func) for s in form.method.body.body if _read_of(s, self_name(form.method)) is not None
                for c in [_small(s).value]}
    calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Attribute) and c.func.attr.value == name
             and id(c.func) not in own_read]
    uses = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == name and id(a) not in own_read]
    label = f"`{form.cls.name.value}.{name}`"
    if len(uses) != len(calls) or not calls:
        raise Refusal(f"{label} is used other than called (`x.{name}()`); each use would read the one queue")
    elsewhere = getattr(external, "attribute_uses", None)
    if elsewhere is not None and elsewhere(name):
        raise Refusal(f"{label} is used in another module of the tree")
    sites: list[_Site] = []
    for call in calls:
        fn = next((f for f in _functions(module) if any(c is call for c in nodes_of(f.body, cst.Call))
                   and not any(c is call for g in nodes_of(f.body, cst.FunctionDef) for c in nodes_of(g, cst.Call))),
                  None)
        if fn is None or fn in methods(form.cls) or call.args or not isinstance(call.func.value, cst.Name):
            raise Refusal(f"{label} is called where the rewrite cannot follow it (`x.{name}()` in a function, "
                          "on an object made there)")
        obj = call.func.value.value
        made = [s for s in fn.body.body if isinstance(_small(s), cst.Assign) and len(_small(s).targets) == 1
                and isinstance(_small(s).targets[0].target, cst.Name) and _small(s).targets[0].target.value == obj]
        binds = [t for t in nodes_of(fn, cst.AssignTarget) if isinstance(t.target, cst.Name) and t.target.value == obj]
        if not made and not binds and obj in [p.name.value for p in fn.params.params]:
            _handed_in(module, external, form, fn, obj, call, label)  # (``Refusal`` where it cannot be shown)
        elif len(made) != 1 or len(binds) != 1 or not (isinstance(_small(made[0]).value, cst.Call) and module.code_for_node(
                _small(made[0]).value.func) == (spelled or form.cls.name.value)):
            raise Refusal(f"{label} is called on `{obj}`, which is not one object `{obj} = "
                          f"{form.cls.name.value}(...)` of its function")
        stmt = next((s for s in fn.body.body if any(c is call for c in nodes_of(s, cst.Call))), None)
        small = _small(stmt) if stmt is not None else None
        queued = _queue_stmts(index, fn, stmt) if stmt is not None and stmt in fn.body.body else None
        if queued is None and (not isinstance(small, (cst.Assign, cst.Return)) or
                               isinstance(small, cst.Return) and small.value is call):
            raise Refusal(f"{label} is called in a statement the rewrite cannot follow")
        if queued is not None:  # ``op = queue.enqueue(obj.method())``: the hand-built queue's statements
            value = next(c for c in nodes_of(stmt, cst.Call) if isinstance(c.func, cst.Attribute)
                         and c.func.attr.value == "enqueue")
            if not (value.args and value.args[0].value is call and value.args[0].keyword is None):
                raise Refusal(f"{label}'s tensors are not what the queue's `enqueue` is given")
            site = _Site(fn, obj, queued[1], "enqueue", queued=queued[0])
        elif small.value is not call:
            value = small.value
            api = index.paths.get(value) if isinstance(value, cst.Call) else None
            first = value.args[0] if isinstance(value, cst.Call) and value.args else None
            if api not in BATCHES or first is None or first.value is not call or first.keyword is not None:
                raise Refusal(f"{label}'s tensors are not what a `train.batch`-family call batches")
            site = _Site(fn, obj, stmt, api)
        else:  # ``x, y = obj.method()`` then one batch of them
            bound = set(names_in(small.targets[0].target))
            later = fn.body.body[list(fn.body.body).index(stmt) + 1:]
            batch = next((s for s in later if names_in(s) & bound), None)
            bs = _small(batch) if batch is not None else None
            api = index.paths.get(bs.value) if isinstance(bs, (cst.Assign, cst.Return)) and \
                isinstance(bs.value, cst.Call) else None
            queued = _queue_stmts(index, fn, batch) if batch is not None and stmt in fn.body.body else None
            if queued is not None and _read_only_in(module, small.targets[0].target, batch):
                site = _Site(fn, obj, queued[1], "enqueue", unpack=stmt, queued=queued[0])
            elif api not in BATCHES or not _read_only_in(module, small.targets[0].target, batch):
                raise Refusal(f"what {label} returns is used beyond one `train.batch`-family call")
            else:
                site = _Site(fn, obj, batch, api, unpack=stmt)
        site.call = call
        if any(call in nodes_of(loop, cst.Call) for loop in [*nodes_of(fn, cst.For), *nodes_of(fn, cst.While)]):
            raise Refusal(f"{label} is called in a loop: legacy's reads compete for one queue, a dataset's "
                          "iterators would each see every element")
        if any(s.obj == obj and s.fn is fn for s in sites):
            raise Refusal(f"{label} is called twice on `{obj}`: legacy's reads compete for its one queue, a "
                          "dataset's iterators would each see every element")
        sites.append(site)
    return sites


def _handed_in(module: cst.Module, external, form: _Form, fn: cst.FunctionDef, obj: str, call: cst.Call,
               label: str) -> None:
    """``obj``, a parameter of the module function ``fn`` (``def batches(reader, n): ... reader.read() ...``), is
    an object of the form's class at every call of ``fn`` in the tree (``passed_class.py``), each a new object
    handed to that one call alone, outside any loop: each object's method then runs once, as where the object is
    made in ``fn``; ``Refusal`` where that is not shown. A method of another class of this module
    (``def batches(self, reader, n)``) is followed through every ``x.batches(...)`` of the module, none in
    another module, each handing over an object made by calling the class."""
    from tfdata_bridge._src.migrate.objects import _class_made_by
    from tfdata_bridge._src.migrate.passed_class import _calls, passed_class_home
    from tfdata_bridge._src.migrate.to_tfdata import survey

    finder = survey(module, external)[2]
    owner = next((c for c in nodes_of(module, cst.ClassDef) if any(m is fn for m in c.body.body)), None)
    position = [p.name.value for p in fn.params.params].index(obj)
    if owner is None:
        at = next(s for s in nodes_of(fn, cst.SimpleStatementLine) if any(c is call for c in nodes_of(s, cst.Call)))
        try:
            cls = passed_class_home(finder, module, at, obj)[0]
        except Refusal as exc:
            raise Refusal(f"{label} is called on `{obj}`, handed in: {exc}") from None
        _same_class(cls, form, obj, label)
        sites = [(c, st, module, finder) for c, st in _calls(module, finder.scopes.callers(fn))]
        elsewhere = getattr(external, "calls_elsewhere", None)
        if elsewhere is not None:
            sites += elsewhere(fn.name.value)
    else:  # (a method: its calls are ``x.name(...)``, the object one argument fewer in)
        name = fn.name.value
        if fn.decorators or position == 0:
            raise Refusal(f"{label} is called on `{obj}`, a parameter of the decorated `{name}`, or its `self`")
        elsewhere = getattr(external, "attribute_uses", None)
        if elsewhere is not None and elsewhere(name):
            raise Refusal(f"`{name}`, which {label}'s object is handed to, is used in another module of the tree")
        position -= 1
        uses = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == name]
        owners = {id(c.func): c for c in nodes_of(module, cst.Call)}
        sites = []
        for use in uses:
            c = owners.get(id(use))
            st = next((s for s in nodes_of(module, cst.SimpleStatementLine)
                       if c is not None and any(x is c for x in nodes_of(s, cst.Call))), None)
            if c is None or st is None:
                raise Refusal(f"`{name}`, which {label}'s object is handed to, is used other than called")
            sites.append((c, st, module, finder))
        if not sites:
            raise Refusal(f"`{name}`, which {label}'s object is handed to, is never called here")
    for c, st, home, there in sites:
        given = plain_arg(c, position, obj)
        if given is None:
            raise Refusal(f"a call of `{fn.name.value}` does not hand over `{obj}` plainly")
        loops = [*nodes_of(home, cst.For), *nodes_of(home, cst.While), *nodes_of(home, cst.ListComp),
                 *nodes_of(home, cst.GeneratorExp), *nodes_of(home, cst.DictComp), *nodes_of(home, cst.SetComp)]
        if any(any(x is c for x in nodes_of(loop, cst.Call)) for loop in loops):
            raise Refusal(f"`{fn.name.value}` is called in a loop: its object's {label} may be read by more than "
                          "one call, whose reads legacy's one queue shares")
        if isinstance(given, cst.Call):  # (``batches(Reader(files), n)``: a new object, read by this call alone)
            made_stmt, value = st, given
        else:
            made = there.scopes.single_assignment(st, given.value) if isinstance(given, cst.Name) else None
            if made is None:
                raise Refusal(f"the object handed to `{fn.name.value}` as `{obj}` is not made once before the call "
                              f"(`{obj} = Class(...)`) nor in it: its class, and who else reads it, are not known")
            readers = there.scopes.readers_of(made, given.value)
            if len(readers) != 1 or not any(r is given for r in readers):
                raise Refusal(f"the object handed to `{fn.name.value}` as `{obj}` is used beyond that call: its "
                              f"{label} may read its one queue elsewhere too")
            made_stmt, value = made, made.body[0].value
        if owner is not None:  # (a module function's objects: ``passed_class`` checked their class)
            try:
                cls = _class_made_by(there, made_stmt, value)[0]
            except Refusal as exc:
                raise Refusal(f"{label} is called on `{obj}`, handed in: {exc}") from None
            _same_class(cls, form, obj, label)


def _same_class(cls: cst.ClassDef, form: _Form, obj: str, label: str) -> None:
    if cls is not form.cls and (cls.name.value != form.cls.name.value or _bare(cls) != _bare(form.cls)):
        raise Refusal(f"{label} is called on `{obj}`, handed in as an object of `{cls.name.value}`")


def _read_only_in(module: cst.Module, target: cst.BaseExpression, stmt: cst.CSTNode) -> bool:
    """Every name ``target`` binds is read (by scope) in ``stmt`` alone, and read there."""
    scopes = wrapped(module).resolve(ScopeProvider)
    inside = {id(n) for n in nodes_of(stmt, cst.Name)}
    for name in nodes_of(target, cst.Name):
        scope = scopes.get(name)
        if scope is None:
            return False
        found = [a for a in scope.assignments[name.value] if getattr(a, "node", None) is name]
        if len(found) != 1:
            return False
        refs = [r.node for r in found[0].references]
        if not refs or any(id(r) not in inside for r in refs):
            return False
    return True


class _Swap(cst.CSTTransformer):
    """One node swapped for another (by identity)."""

    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old, self.new = old, new

    def on_leave(self, original, updated):
        return self.new if original is self.old else updated


class _Rename(cst.CSTTransformer):
    """The variable ``old`` (not an attribute's or a keyword's name) as ``new``; ``old`` may be a dict of them."""

    def __init__(self, old, new: str = "") -> None:
        self.names = old if isinstance(old, dict) else {old: new}
        self.skip: set[int] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.skip.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.skip.add(id(node.keyword))

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        if id(original) in self.skip or updated.value not in self.names:
            return updated
        return updated.with_changes(value=self.names[updated.value])


def _gathered(form: _Form, site: _Site) -> tuple[cst.FunctionDef, list, set[str]]:
    """(the gathered function, the method's locals in it, the names it takes)."""
    maker_self, method_self = self_name(form.maker), self_name(form.method)
    taken = local_names(form.maker) | local_names(form.method) | local_names(site.fn) | names_in(form.cls)
    locals_ = {}
    for attr in [a for a in (form.queue_attr, form.reader_attr) if a is not None]:
        name = attr.lstrip("_") or "value"
        while name in taken:
            name += "_"
        taken.add(name)
        locals_[attr] = name
    source = [st.visit(_Rename(maker_self, _MAKER)) for st in as_locals(list(form.source_stmts), maker_self, locals_)]
    body = [s for s in form.method.body.body if not (isinstance(_small(s), cst.Expr)
                                                   and isinstance(_small(s).value, cst.SimpleString))]
    last = _small(body[-1])
    if not isinstance(last, cst.Return) or last.value is None or any(
            nodes_of(s, cst.Return) or nodes_of(s, cst.Yield) for s in body[:-1]):
        raise Refusal(f"`{form.cls.name.value}.{form.method.name.value}` does not end with its one `return` of the "
                      "tensors")
    own = local_names(form.method) - {method_self}
    caller = local_names(site.fn)
    # the method's locals that the caller's statements also name are renamed apart (they stay so in the method)
    clash = own & (names_in(site.batch_stmt) | (names_in(site.unpack) if site.unpack is not None else set())
                   | set().union(set(), *(names_in(q) for q in site.queued)))
    apart = {method_self: _INSTANCE}
    for name in sorted(clash):
        fresh = name + "_"
        while fresh in taken:
            fresh += "_"
        taken.add(fresh)
        apart[name] = fresh
    read = as_locals(body[:-1], method_self, locals_)
    read = [s.visit(_Rename(apart)) for s in read]
    returned = last.value.visit(_Rename(apart))
    own = (own - clash) | {apart[n] for n in clash}
    if site.queued:  # a hand-built queue's statements, in the caller's order, the method's tensors enqueued
        ordered = [s for s in site.fn.body.body if s is site.unpack or any(s is q for q in site.queued)]
        batch = [*[s.visit(_Swap(site.call, returned)) for s in ordered], site.batch_stmt]
    elif site.unpack is not None:
        unpack = site.unpack.visit(_Swap(site.call, returned))
        batch = [unpack, site.batch_stmt]
    else:
        batch = [site.batch_stmt.visit(_Swap(site.call, returned))]
    params = sorted((local_names(form.maker) - {maker_self}) | caller | {_INSTANCE, _MAKER}, key=str)
    fn = cst.FunctionDef(cst.Name(_GATHERED), cst.Parameters([cst.Param(cst.Name(p)) for p in params]),
                         cst.IndentedBlock([*source, *read, *batch]), leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    return fn, [*source, *read, *batch], own


def _split(form: _Form, site: _Site, out_fn: cst.FunctionDef, inputs: list, own: set[str], attr: str):
    """(the maker's new statements for its source, the method's new def or None, the caller's statements)."""
    kept = [s for s in out_fn.body.body if any(_bare(s) == _bare(i) for i in inputs)]
    generated = [s for s in out_fn.body.body if not any(s is k for k in kept)]
    if kept or len(generated) < 2:
        raise Refusal("the gathered pipeline was not rewritten as one dataset chain")
    *aux, chain_stmt, final = generated
    small = _small(chain_stmt)
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        raise Refusal("the gathered pipeline was not rewritten as one dataset chain")
    head, links = _links(small.value)
    defs = {a.name.value: a for a in aux if isinstance(a, cst.FunctionDef)}
    cut = next((i for i, c in enumerate(links) if c.func.attr.value == "map" and c.args
                and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value in defs), None)
    parse = defs[links[cut].args[0].value.value] if cut is not None else None
    if cut is None:
        cut = next((i for i, c in enumerate(links) if c.func.attr.value in _CONSUMER_STEPS), len(links))
    prefix, suffix = links[:cut], links[cut:]
    maker_names = local_names(form.maker) - {self_name(form.maker)}
    caller_names = local_names(site.fn)
    need_maker = names_in(head) | set().union(*(names_in(a) for c in prefix for a in c.args), set())
    need_caller = set().union(*(names_in(a) for c in suffix for a in c.args), set()) | names_in(final)
    sides = []
    for a in reversed([a for a in aux if a is not parse]):
        made = set(local_names(a)) if isinstance(a, cst.FunctionDef) else set(names_in(_small(a).targets[0].target)) \
            if isinstance(_small(a), cst.Assign) else set()
        if isinstance(a, cst.FunctionDef):
            made = {a.name.value}
        free = names_in(a) - (local_names(a) if isinstance(a, cst.FunctionDef) else set())
        if made & need_maker and made & need_caller:
            raise Refusal(f"`{sorted(made)[0]}` is needed both where the records are read and where they are batched")
        side = "maker" if made & need_maker else "caller"
        (need_maker if side == "maker" else need_caller).update(free)
        sides.insert(0, (a, side))
    bad = need_maker & ((caller_names - maker_names) | own | {_INSTANCE, self_name(form.maker)})
    if bad:
        raise Refusal(f"the records dataset would read `{sorted(bad)[0]}`, which `{form.maker.name.value}` does not "
                      "have")
    bad = need_caller & ((maker_names - caller_names) | own | {_INSTANCE, _MAKER})
    if bad:
        raise Refusal(f"the batch would read `{sorted(bad)[0]}`, which `{site.fn.name.value}` does not have")
    if parse is not None:
        free = names_in(parse) - local_names(parse)
        bad = free & (((caller_names | maker_names) - own) | {_MAKER})
        if bad:
            raise Refusal(f"the per-element code would read `{sorted(bad)[0]}` of another function")
    instance = self_name(form.maker)
    built = _chain(head, prefix).with_changes(lpar=small.value.lpar, rpar=small.value.rpar) if prefix else head
    built = built.visit(_Rename(_MAKER, instance))
    maker_part = [a.visit(_Rename(_MAKER, instance)) for a, s in sides if s == "maker"]
    maker_part.append(cst.SimpleStatementLine([cst.Assign(
        [cst.AssignTarget(cst.Attribute(cst.Name(instance), cst.Name(attr)))], built)]))
    method = None
    obj = cst.Name(site.obj)
    if parse is not None:
        m_self = self_name(form.method)
        body = parse.body.visit(_Rename(_INSTANCE, m_self))
        params = [cst.Param(cst.Name(m_self)), *parse.params.params]
        method = form.method.with_changes(params=parse.params.with_changes(params=params), body=body,
                                          decorators=parse.decorators)
        suffix = [suffix[0].with_changes(args=[suffix[0].args[0].with_changes(
            value=cst.Attribute(obj, cst.Name(form.method.name.value))), *suffix[0].args[1:]]), *suffix[1:]]
    batched = _chain(cst.Attribute(obj, cst.Name(attr)), suffix).with_changes(lpar=small.value.lpar,
                                                                              rpar=small.value.rpar)
    caller_part = [a for a, s in sides if s == "caller"]
    lead = generated[0].leading_lines
    caller_part = [*caller_part, chain_stmt.with_changes(body=[small.with_changes(value=batched)], leading_lines=()),
                   final]
    # the pipeline's comment heads the caller's statements; the per-element function's own (from its
    # "graph-mode code" line on) stays with the method
    comments = [ln for ln in lead if ln.comment is not None]
    own_from = next((i for i, ln in enumerate(comments) if ln.comment.value.startswith("# graph-mode")), len(comments))
    caller_part[0] = caller_part[0].with_changes(leading_lines=[*comments[:own_from], *caller_part[0].leading_lines])
    if parse is not None:
        mine = [ln for ln in parse.leading_lines if ln.comment is not None]
        if parse is generated[0]:
            mine = mine[own_from:]
        method = method.with_changes(leading_lines=[*form.method.leading_lines, *mine])
    return maker_part, method, caller_part


def _one(module, index, external, trial, form: _Form, sites: list[_Site]):
    from tfdata_bridge._src.migrate.object_pipeline import _span

    if any(True for c in module.body if isinstance(c, cst.ClassDef) and any(
            isinstance(b.value, cst.Name) and b.value.value == form.cls.name.value for b in c.bases)):
        raise Refusal(f"`{form.cls.name.value}` has a subclass, which may read its queue or reader")
    attr = free_attribute(module, form.cls, ("dataset", "records", "record_dataset"))
    related = related_reads(module, form.cls, external, {form.queue_attr, form.reader_attr, form.method.name.value,
                                                         attr} - {None}) if form.cls.bases or form.cls.keywords \
        else None
    if related is not None:
        raise Refusal(related)
    made = None
    parts = []
    for site in sites:
        fn, inputs, own = _gathered(form, site)
        trial_module = module.with_changes(body=[*module.body, fn])
        first, last = _span(trial_module)
        out, notes, outcomes = trial(trial_module, [])
        done = {o.line for o in outcomes if first <= o.line <= last and o.rewritten}
        # (a line the run said twice, left by one form and rewritten by another, is rewritten)
        mine = [o for o in outcomes if first <= o.line <= last and (o.rewritten or o.line not in done)]
        refused = [n for n in notes if first <= n.line <= last and n.kind == "refused" and n.line not in done]
        if not mine or not all(o.rewritten for o in mine) or refused:
            raise Refusal(next((o.reason for o in mine if not o.rewritten),
                               refused[0].message if refused else "the gathered pipeline is not recognised"))
        new_fn = next((s for s in out.body if isinstance(s, cst.FunctionDef) and s.name.value == _GATHERED), None)
        if new_fn is None:
            raise Refusal("the gathered pipeline is not recognised")
        maker_part, method, caller_part = _split(form, site, new_fn, inputs, own, attr)
        key = ("".join(_bare(s) for s in maker_part), _bare(method) if method is not None else "")
        if made is not None and key != made:
            raise Refusal(f"the objects of `{form.cls.name.value}` are batched in ways that would make different "
                          "datasets in the class; the pipeline is left")
        made = key
        imports = [s for s in out.body if isinstance(_small(s), (cst.Import, cst.ImportFrom))]
        parts.append((site, caller_part, "; ".join(o.reason for o in mine), mine[0].api, imports))
    return maker_part, method, parts


class _Apply(cst.CSTTransformer):
    def __init__(self, form: _Form, maker_part: list, method, parts) -> None:
        self.form, self.maker_part, self.method = form, maker_part, method
        self.batch = {id(site.batch_stmt): part for site, part, *_ in parts}
        self.gone = {id(site.unpack) for site, *_ in parts if site.unpack is not None} | \
            {id(q) for site, *_ in parts for q in site.queued}

    def leave_FunctionDef(self, original, updated):
        if original is self.form.method:
            return self.method if self.method is not None else cst.RemovalSentinel.REMOVE
        if original is self.form.maker:
            body = []
            last = self.form.source_stmts[-1]
            for old, new in zip(original.body.body, updated.body.body):
                if old is last:
                    part = list(self.maker_part)
                    part[0] = part[0].with_changes(leading_lines=[*old.leading_lines, *part[0].leading_lines])
                    body += part
                elif not any(old is s for s in self.form.source_stmts):
                    body.append(new)
            return updated.with_changes(body=updated.body.with_changes(body=body))
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        if id(original) in self.batch:
            return cst.FlattenSentinel(self.batch[id(original)])
        if id(original) in self.gone:
            return cst.RemovalSentinel.REMOVE
        return updated


def init_sources(module: cst.Module, external, trial):
    """(the module with each such class's pipeline rewritten, info notes, outcomes, ``{batch line: refusal}``,
    requests), or None where the module has no such class."""
    from tfdata_bridge._src.migrate.object_pipeline import _is_import, _with_imports
    from tfdata_bridge._src.migrate.to_tfdata import survey

    code = code_of(module)
    if "batch" not in code and ".enqueue(" not in code:  # (the caller batches what the method returns)
        return None
    own = "class " in code and ".read(" in code and "input_producer" in code
    foreign = _foreign(module, external) if getattr(external, "classdef", None) is not None else []
    if not own and not foreign:
        return None
    index = survey(module, external)[0]
    forms = _forms(module, index) if own else []
    if foreign:
        return _foreign_forms(module, index, external, trial, foreign)
    if not forms:
        return None
    notes: list[Note] = []
    outcomes: list[PipelineOutcome] = []
    refusals: dict[int, str] = {}
    pos = _positions(module)
    for form in forms:
        try:
            sites = _sites(module, index, form, external)
        except Refusal as exc:  # (said where the method's tensors are batched: the statements calling it)
            name = form.method.name.value
            for fn in [None, *_functions(module)]:
                body = module.body if fn is None else fn.body.body
                called = [s for s in body if isinstance(s, cst.SimpleStatementLine) and any(
                    isinstance(c.func, cst.Attribute) and c.func.attr.value == name for c in nodes_of(s, cst.Call))]
                for stmt in called:
                    refusals.setdefault(pos[stmt].start.line, str(exc))
                if called and fn is not None:  # (and at a hand-built queue the method's tensors would fill)
                    for stmt in body:
                        small = _small(stmt)
                        if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) and \
                                (index.paths.get(small.value) or "").rsplit(".", 1)[-1] in _QUEUES:
                            refusals.setdefault(pos[stmt].start.line, str(exc))
            continue
        lines = [pos[s.batch_stmt].start.line for s in sites]
        try:
            _check_attrs(module, form, pos, external)
            maker_part, method, parts = _one(module, index, external, trial, form, sites)
        except Refusal as exc:
            for line in [*lines, *(pos[q].start.line for s in sites for q in s.queued if q in pos)]:
                refusals[line] = str(exc)
            continue
        new = module.visit(_Apply(form, maker_part, method, parts))
        imports = [s for p in parts for s in p[4] if _is_import(s)]
        module = new.with_changes(body=_with_imports(list(new.body), imports))
        _said(form, maker_part, method, parts, lines, notes, outcomes, "")
        break  # (one class per pass: the module's nodes changed)
    if not outcomes and not refusals:
        return None
    return module, notes, outcomes, refusals, []


def _foreign(module: cst.Module, external) -> list[tuple[_Form, cst.Module, str]]:
    """(the form, its module, the class as this module spells it) of each object ``x = Cls(...)`` made here of a
    class of another module of the tree that has the form (or made inline where it is handed to a function:
    ``batches(Rows(paths), 2)``)."""
    from tfdata_bridge._src.migrate.to_tfdata import survey

    out, seen = [], set()
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        small = _small(stmt)
        made = [small.value] if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) else []
        made += [a.value for c in nodes_of(stmt, cst.Call) for a in c.args if isinstance(a.value, cst.Call)]
        for value in made:
            if not isinstance(value.func, (cst.Name, cst.Attribute)):
                continue
            try:
                got = external.classdef(value.func)
            except Refusal:
                continue
            if got is None or id(got[0]) in seen:
                continue
            cls, home = got[0], got[1]
            seen.add(id(cls))
            if "input_producer" not in home.code_for_node(cls):
                continue
            forms = [f for f in _forms(home, survey(home)[0]) if f.cls is cls]
            if forms:
                out.append((forms[0], home, module.code_for_node(value.func)))
    return out


def _binding(module: cst.Module, name: str) -> str | None:
    """What the module-level import binding ``name`` imports (None: not one import)."""
    found = []
    for stmt in module.body:
        for small in (stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()):
            if isinstance(small, cst.Import):
                for alias in small.names:
                    bound = alias.evaluated_alias or alias.evaluated_name.split(".")[0]
                    if bound == name:
                        found.append(alias.evaluated_name if alias.evaluated_alias else bound)
            elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar) \
                    and not small.relative and small.module is not None:
                for alias in small.names:
                    if (alias.evaluated_alias or alias.evaluated_name) == name:
                        found.append(f"{module.code_for_node(small.module)}.{alias.evaluated_name}")
    bound = [t for s in module.body for t in nodes_of(s, cst.AssignTarget) if name in names_in(t.target)]
    return found[0] if len(found) == 1 and not bound else None


def _module_names(module: cst.Module) -> set[str]:
    """The names bound at module level (imports, assignments, definitions)."""
    out: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            out.add(stmt.name.value)
        for small in (stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()):
            if isinstance(small, cst.Import):
                out |= {a.evaluated_alias or a.evaluated_name.split(".")[0] for a in small.names}
            elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                out |= {a.evaluated_alias or a.evaluated_name for a in small.names}
            elif isinstance(small, cst.Assign):
                out |= {n for t in small.targets for n in names_in(t.target)}
    return out


def _same_globals(nodes: list, home: cst.Module, module: cst.Module, where: str, local: set[str]) -> None:
    """Every global name ``nodes`` read (but ``local``: their functions' own) is the same import in ``home`` and
    ``module``."""
    bound = _module_names(home) | _module_names(module)
    for node in nodes:
        inner = set(local)
        for f in nodes_of(node, cst.FunctionDef):
            inner |= local_names(f)
        for lam in nodes_of(node, cst.Lambda):
            inner |= {p.name.value for p in lam.params.params}
        for name in sorted(names_in(node) - inner):
            if name not in bound or name in (_INSTANCE, "self"):
                continue
            if _binding(home, name) is None or _binding(home, name) != _binding(module, name):
                raise Refusal(f"`{name}` does not name the same import in {where} and in the module that batches; "
                              "the class's pipeline is left")


def _foreign_forms(module, index, external, trial, foreign):
    """``init_sources`` for the classes of other modules: this module's batches rewritten, each class's new form
    asked of the tree (``requests``: it changes there where every use of the class is rewritten)."""
    notes, outcomes, refusals, requests = [], [], {}, []
    pos = _positions(module)
    for form, home, spelled in foreign:
        where = f"the module of `{form.cls.name.value}`"
        try:
            sites = _sites(module, index, form, external, spelled)
        except Refusal:
            continue
        lines = [pos[s.batch_stmt].start.line for s in sites]
        try:
            _check_attrs(home, form, _positions(home), None)
            for attr in [a for a in (form.reader_attr, form.queue_attr, form.method.name.value) if a is not None]:
                if attr != form.method.name.value and any(a.attr.value == attr for a in nodes_of(module, cst.Attribute)):
                    raise Refusal(f"`{attr}`, which `{form.cls.name.value}` keeps, is read in this module")
            body = [*form.source_stmts, *form.method.body.body]
            _same_globals(body, home, module, where, local_names(form.maker) | local_names(form.method))
            maker_part, method, parts = _one(module, index, external, trial, form, sites)
            new_cls = cst.Module([form.cls]).visit(_Apply(form, maker_part, method, [])).body[0]
            _same_globals([new_cls], home, module, where, {form.cls.name.value})
        except Refusal as exc:
            for line in [*lines, *(pos[q].start.line for s in sites for q in s.queued if q in pos)]:
                refusals[line] = str(exc)
            continue
        module = module.visit(_Apply(form, maker_part, method, parts))
        _said(form, maker_part, method, parts, lines, notes, outcomes, " (of another module)")
        requests += [(form.cls, new_cls, line) for line in lines[:len(parts)]]
        break  # (one class per pass)
    if not outcomes and not refusals:
        return None
    return module, notes, outcomes, refusals, requests


def _said(form, maker_part, method, parts, lines: list[int], notes: list, outcomes: list, where: str) -> None:
    """Each rewritten batch's note: its recogniser's reasons, and where the records dataset is made."""
    what = (f"the records dataset is made by `{form.cls.name.value}.{form.maker.name.value}`{where} on "
            f"`{self_name(form.maker)}.{_attr_name_of(maker_part)}`" +
            (f", `{form.method.name.value}` is its map function" if method is not None else ""))
    for (_, _, reasons, api, _), line in zip(parts, lines):
        note = Note(line, f"{reasons}; {what}", kind="info")
        notes.append(note)
        outcomes.append(PipelineOutcome(line, api, True, note.message))


def _attr_name_of(maker_part: list) -> str:
    t = _small(maker_part[-1]).targets[0].target
    return t.attr.value


__all__ = ["STATE", "init_sources"]

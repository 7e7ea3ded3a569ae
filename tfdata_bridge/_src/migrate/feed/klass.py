"""The feed-thread codemod, class form (the audio and text readers): the feeding method -> a generator method.

    class Reader:
        def __init__(self, ...):
            self.ph = tf.placeholder(tf.float32, shape=None)          # one placeholder per component
            self.queue = tf.PaddingFIFOQueue(cap, [tf.float32], shapes=[(None,)])   # or FIFOQueue
            self.enqueue = self.queue.enqueue([self.ph])
        def thread_main(self, sess):                                  # the feeding method
            for ...:
                sess.run(self.enqueue, feed_dict={self.ph: value})
            sess.run(self.queue.close())                              # optional: the end of the data
        def start_threads(self, sess):                                # makes and starts the thread
            thread = threading.Thread(target=self.thread_main, args=(sess,)); thread.start(); ...
            return [thread]
        def dequeue(self, n):
            return self.queue.dequeue_many(n)                         # one dequeue, here or `reader.queue...`

The feeding method becomes a generator method (``loop.py``) that ``from_generator`` reads (``printer.py``) in
place of the one dequeue; the placeholders, the queue and its enqueue op go from ``__init__``, and the starting
method makes no thread (``starter.py``). Anything else that touches the queue, its op or the placeholders is
refused, with the reason.
"""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar
from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, bind_params, free_attribute, holder_of, is_none, names_in, \
    nodes_of
from tfdata_bridge._src.migrate.comments import wrapped_comment
from tfdata_bridge._src.migrate.feed.consumer_state import check_class_consumer_state
from tfdata_bridge._src.migrate.feed import printer
from tfdata_bridge._src.migrate.feed.class_choice import queue_choice
from tfdata_bridge._src.migrate.feed.class_init import Init, init_parts
from tfdata_bridge._src.migrate.feed.class_local import local_queue, stored_as
from tfdata_bridge._src.migrate.feed.class_site import fresh_attr, made_of_locals
from tfdata_bridge._src.migrate.feed.class_unmade import unmade_reasons
from tfdata_bridge._src.migrate.feed.class_threads import runner_method, starter_threads, stored_starter
from tfdata_bridge._src.migrate.feed.class_coord import class_coordinators, drop_coordinators
from tfdata_bridge._src.migrate.feed.derived import SITES, reader, resolved_call, zip_keys
from tfdata_bridge._src.migrate.object_uses import attribute_tested
from tfdata_bridge._src.migrate.feed.coord import DropChecks, coordinator_params, sites_note
from tfdata_bridge._src.migrate.feed.countdown import class_countdown, without_countdown
from tfdata_bridge._src.migrate.feed.feed_local import inline_feeds
from tfdata_bridge._src.migrate.feed.init_thread import init_thread
from tfdata_bridge._src.migrate.feed.handles import follow_handles, returns_one_thread
from tfdata_bridge._src.migrate.feed.local_lists import dead_lists
from tfdata_bridge._src.migrate.feed.lockstep import lockstep_reason
from tfdata_bridge._src.migrate.feed.op_makers import made_in, op_makers, scanned, set_up_makers, without
from tfdata_bridge._src.migrate.feed.loop import DEFAULT_SESSION, ToGenerator, check_default_runs, default_runs, \
    is_close_call, runs
from tfdata_bridge._src.migrate.feed.members import attr_uses, contains, enqueue_ops, flat, instance_uses, item_key, \
    makers, methods_of, none_inits, owner_is_instance, runs_close, self_assign, self_attr
from tfdata_bridge._src.migrate.feed.plumbing import outside_data_thread, outside_threads
from tfdata_bridge._src.migrate.feed.queue import DEQUEUES, QUEUE_PARAMS, check_padding, component_shapes, \
    feed_prefix, feed_queue_kind, queue_args, queue_names
from tfdata_bridge._src.migrate.feed.queue_class import calls_a_parameter, passed_queue
from tfdata_bridge._src.migrate.feed.shape_helpers import shape_helpers
from tfdata_bridge._src.migrate.feed.shape_reads import shape_read
from tfdata_bridge._src.migrate.feed.starter import emptied_starter, returned_on_self
from tfdata_bridge._src.migrate.whole_lists import dequeued
from tfdata_bridge._src.migrate.feed.thread_driver import driven, target_driver, thread_driver
from tfdata_bridge._src.migrate.feed.thread_joins import session_guarded_closes, thread_joins
from tfdata_bridge._src.migrate.feed.thread_run import held_session, is_thread_subclass, session_attr
from tfdata_bridge._src.migrate.shared_names import dropped_shared_name

_KINDS = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue")
# (a tree's rewrite, ``tree.py``: a queue its module never reads may be dequeued through an instance in another
# module; the class then keeps the dataset under the queue's attribute, ``feed/across_calls.py`` rewrites that read)
REMOTE_DEQUEUE: ContextVar[bool] = ContextVar("remote_dequeue", default=False)
# (the module's finder, where ``class_feeds`` was given one: a queue's ``shared_name=`` is read with it)
_FINDER: ContextVar[object | None] = ContextVar("class_feed_finder", default=None)
_UNREAD = ("`{}` is read by no statement of this module; the rewrite needs its one dequeue here "
           "(a dequeue in another module, through an instance, is not followed there yet)")


@dataclass
class ClassFeed:
    line: int  # the queue's line
    kind: str
    removed: list[cst.CSTNode] = field(default_factory=list)
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = field(default_factory=dict)
    comment: str = ""
    cls: str = ""  # the class, and the attributes its instances no longer have (``across.py``)
    gone: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # placeholders kept, unfed, for their shape (``shape_read``)
    handles: list[str] = field(default_factory=list)  # starters that returned one thread, None now (``handles.py``)
    remote: str = ""  # the queue's attribute, a dataset now, that another module of the tree dequeues
    kind_args: tuple = ()  # (its queue kind, for that module's dequeue steps; its unnamed components, else 0)
    # feeding method -> (the attribute its thread's data is kept in, the positions of the data among the thread's
    # ``args`` after the session, how many ``args`` it takes, why it is left where no module makes the thread):
    # a thread another module of the tree makes on it (``feed/across_calls.py``)
    threaded: dict[str, tuple[str, list[int], int, str]] = field(default_factory=dict)
    summed: bool = False  # a summary of the queue's size went with it (``_dequeue``)


def class_feeds(module: cst.Module, index, code, v1_default: str, finder=None
                ) -> list[tuple[int, str, ClassFeed | Refusal]]:
    """One (line, queue kind, plan or refusal) per class whose ``__init__`` (or a method it calls) makes a fed
    queue. ``finder`` (the module's, with its scopes and the tree's resolver): placeholders handed to
    ``__init__`` are read at the class's callers (``handed.py``); without it they are refused."""
    token = SITES.set((finder.scopes, finder.external) if finder is not None else None)
    held = _FINDER.set(finder)
    try:
        return _class_feeds(module, index, code, v1_default)
    finally:
        _FINDER.reset(held)
        SITES.reset(token)


def _class_feeds(module: cst.Module, index, code, v1_default: str) -> list[tuple[int, str, ClassFeed | Refusal]]:
    out = []
    # where an instance makes its queue: ``__init__``, or a method only ``__init__`` calls (``add_queue``)
    queued = any(feed_queue_kind(p, _KINDS) for p in index.paths.values() if p) or any(  # (one scan of the index)
        calls_a_parameter(m) for c in module.body if isinstance(c, cst.ClassDef) for m in methods_of(c).values())
    # (and a method run once per instance, ``_setup(self)`` the program calls once: ``op_makers.py``)
    sites = SITES.get()
    made = {id(c): (mk := makers(module, c)) + (set_up_makers(module, c, mk, sites[1] if sites else None)
                                                 if queued and mk else [])
            for c in module.body if isinstance(c, cst.ClassDef)}
    for cls in [c for c in module.body if isinstance(c, cst.ClassDef)] if queued else []:
        # (a fed queue made in another method: said with its obstacles, ``class_unmade.py``)
        out += [(line, kind, Refusal(why)) for line, kind, why in unmade_reasons(
            module, index, code, cls, made[id(cls)], _KINDS)]
    for cls, init in [(c, m) for c in module.body if isinstance(c, cst.ClassDef) for m in made[id(c)]]:
        self_name = init.params.params[0].name.value
        for stmt in flat(init):
            # (``if flag: self.q = RandomShuffleQueue(...)`` / ``else: self.q = FIFOQueue(...)``: ``class_choice.py``)
            choice = queue_choice(index, stmt, self_name) if isinstance(stmt, cst.If) else None
            stmt = choice.plain if choice is not None else stmt
            found = self_assign(stmt, self_name)
            local = local_queue(stmt) if found is None else None  # ``queue = tf.FIFOQueue(...)``; ``self.q = queue``
            call = found[1] if found is not None else local[1] if local is not None else None
            if not isinstance(call, cst.Call):
                continue
            kind = feed_queue_kind(index.paths.get(call) or "", _KINDS)
            # (``queue_class(...)``, a parameter every caller hands one queue class: ``queue_class.py``)
            passed = passed_queue(index, module, init, stmt, call, _KINDS) if kind is None else None
            kind = kind or (passed.kind if passed is not None else None)
            if kind is None:
                continue
            line = index.lines.get(stmt, 0)
            fed: list[bool] = []  # (a shuffle queue is said only once it is fed: others are another family's)
            try:
                v1 = feed_prefix(index, call, v1_default, index.tf_aliases)
                if not v1:
                    raise Refusal("the queue is not spelled through a `tensorflow` module alias")
                if local is not None:
                    qattr, store, local_reads = stored_as(index, init, self_name, stmt, local[0])
                    qattr = qattr or free_attribute(module, cls, (f"_{local[0]}", f"_{local[0]}_queue"))
                    plan = _plan(module, index, code, cls, init, self_name, stmt, qattr, call, kind, v1, fed,
                                 local[0], store, local_reads, passed)
                else:
                    plan = _plan(module, index, code, cls, init, self_name, stmt, found[0], call, kind, v1, fed,
                                 passed=passed, choice=choice)
                plan.line = line
                out.append((line, kind, plan))
            except Refusal as exc:
                if (kind != "RandomShuffleQueue" or fed) and not _runner_filled(init, local, found, self_name):
                    out.append((line, kind, exc))
    return out


def _runner_filled(init: cst.FunctionDef, local, found, self_name: str) -> bool:
    """The queue is handed to a ``QueueRunner`` in ``init`` (``QueueRunner(queue, [op] * k)``): graph ops fill it,
    not a feeding thread, so it is ``runner_queue.py``'s form and this family has nothing to say of it."""
    for call in nodes_of(init, cst.Call):
        func = call.func
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if last != "QueueRunner" or not call.args:
            continue
        arg = call.args[0].value
        if local is not None and isinstance(arg, cst.Name) and arg.value == local[0] or \
                found is not None and isinstance(arg, cst.Attribute) and arg.attr.value == found[0] and \
                isinstance(arg.value, cst.Name) and arg.value.value == self_name:
            return True
    return False


def _generator(feeder: cst.FunctionDef, parts: Init, qattr: str, names: list[str] | None = None,
               on_self: bool = False) -> tuple[cst.FunctionDef, list[str], list[str], bool, int]:
    """The feeding method as a generator method of ``self`` and its data parameters (``path``: what each
    thread is given), its coordinator parameters (they go), the data parameters, whether it closes the queue, its
    number of enqueue sites (each a yield).
    ``on_self``: it reads its session from the instance, taking only ``self`` (a ``Thread`` subclass's
    ``run``; a target method started where ``self.sess = sess`` was set). Last: whether a close ends it with
    ``return False`` (its driver must stop on that value)."""
    params = feeder.params
    if not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params \
            or params.star_kwarg is not None or params.posonly_params or feeder.decorators \
            or len(params.params) < (1 if on_self else 2):
        raise Refusal(f"the feeding method `{feeder.name.value}` does not take the session first")
    me = params.params[0].name.value
    sess = session_attr(feeder, me, parts.enqueue) if on_self else params.params[1].name.value
    coords = set(coordinator_params(feeder, sess))
    first = 1 if on_self else 2  # (a session read from the instance: every parameter after ``self`` is data)
    extra = [p.name.value for p in params.params[first:] if p.name.value in coords]
    data = [p for p in params.params[first:] if p.name.value not in coords]
    key = lambda node: self_attr(node, me) or item_key(node, me)  # noqa: E731
    is_close = lambda op: (parts.close is not None and key(op) == parts.close) or is_close_call(  # noqa: E731
        op, lambda q: key(q) == qattr)
    zipped = taken = None
    if parts.held is not None:  # (placeholders held by a dict or list on ``self``: ``derived.py``)
        zipped = zip_keys(dataclasses.replace(parts.held, name=f"{me}.{parts.list_name}"))
        taken = names_in(feeder)
    rewriter = ToGenerator(sess, parts.enqueue, is_close, parts.fed, key, "method", parts.list_name, names, zipped,
                           taken)
    if sess == DEFAULT_SESSION:  # ``self.op.run(feed_dict=...)``, ``self.close_op.run()``: read as the runs they are
        feeder = default_runs(feeder, lambda op: key(op) == parts.enqueue or is_close(op))[0]
    body = inline_feeds(feeder, sess).body.visit(rewriter)
    if why := rewriter.check(feeder.name.value):
        raise Refusal(why)
    check_default_runs(feeder.name.value, body, sess)
    if parts.held is not None and any(self_attr(a, me) == parts.list_name for a in nodes_of(body, cst.Attribute)):
        raise Refusal(f"`{feeder.name.value}` reads `{me}.{parts.list_name}` beyond feeding its placeholders")
    kept = [params.params[0], *data]
    kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return feeder.with_changes(params=params.with_changes(params=kept), body=body), extra, \
        [p.name.value for p in data], bool(rewriter.closes), rewriter.yields, rewriter.valued_end


def _plan(module, index, code, cls: cst.ClassDef, init: cst.FunctionDef, self_name: str,
          qstmt: cst.SimpleStatementLine, qattr: str, qcall: cst.Call, kind: str, v1: str,
          fed: list[bool], local: str | None = None, store: cst.SimpleStatementLine | None = None,
          local_reads: list[cst.Name] = (), passed=None, choice=None) -> ClassFeed:
    bound: list[cst.BaseStatement] = []  # (``dtypes = [p.dtype for p in phs]`` read by the queue alone)
    # (``shared_name=`` where no other session can reach the queue, the class built once: it goes, said in the
    # comment; ``shared_names.py``)
    shared = bind_params(qcall, QUEUE_PARAMS.get(kind, QUEUE_PARAMS["FIFOQueue"]), kind).get("shared_name")
    finder = _FINDER.get()
    shared_ok = finder is not None and not is_none(shared) and qstmt.body[0].value is qcall
    shared_note = dropped_shared_name(finder, qstmt, kind, shared) if shared_ok else None
    args = queue_args(resolved_call(reader(index, v1), qcall, flat(init), bound), kind, shared_ok=shared_ok)
    dtypes = args["dtypes"]
    if why := _selected(index, module, cls, self_name, qattr, code):
        raise Refusal(why)
    plan = ClassFeed(0, kind, removed=[qstmt, *([store] if store is not None else []), *bound,
                                       *([choice.shuffled] if choice is not None else [])])
    # (a method only the queue's ``shapes=`` calls, ``self._get_shape()``: it goes with it, ``shape_helpers.py``)
    helpers = shape_helpers(module, cls, qstmt, bind_params(qcall, QUEUE_PARAMS.get(kind, QUEUE_PARAMS["FIFOQueue"]),
                                                            kind).get("shapes"), self_name)
    plan.removed += helpers
    methods = {n: m for n, m in methods_of(cls).items() if m not in helpers}
    # (the enqueue op, close op and placeholders made by other methods of the class: read with the maker's own)
    ops = op_makers(cls, init, self_name, qattr) if local is None else []
    scan = scanned(init, ops)
    parts = init_parts(index, scan, self_name, qstmt, qattr, len(dtypes.elements), plan.removed, args.get("shapes"),
                        queue_names(args), local, v1)
    fed.append(True)
    if len(parts.closes) > 1:  # several close ops made: the one read beyond its making is the close
        read = [a for a in parts.closes if any(not any(use in attr_uses(s, a) for s in plan.removed)
                                               for use in instance_uses(module, cls, a))]
        if len(read) > 1:
            raise Refusal(f"the queue has several close ops that are run (`{self_name}.{read[0]}`, "
                          f"`{self_name}.{read[1]}`): which ends the data is not followed; not rewritten")
        parts.close = read[0] if read else parts.closes[0]
    unread = [a for a in parts.closes if a != parts.close]  # (made and never run: they go with the queue)
    made_apart = [s for s in plan.removed if any(s is t for m in ops for t in flat(m))]  # (they go from there)
    shapes = component_shapes(args, parts.calls, parts.many, code, frozenset(j for j, w in parts.wraps.items() if w[2]))
    check_padding(args, kind)
    # (``self._queue = None`` in ``__init__`` where another method makes it: those declarations go too)
    made = [qattr, parts.enqueue, *([parts.close] if parts.close else []), *unread,
            *([parts.list_name] if parts.list_name else parts.fed), *_stored_attrs(init, qattr, self_name)]
    declared = none_inits(cls, init, made)
    declared += [d for d in none_inits(cls, None, made_in(ops, self_name, made)) if d not in declared]
    plan.removed += declared
    # the feeding method: runs the enqueue op with the placeholders fed (at one site or several)
    # (a method that makes the ops for its thread, or the feeding method making its own: ``op_makers.py``)
    feeders = [m for m in methods.values() if m is not init and any(
        not any(contains(d, a) for d in [*declared, *made_apart]) for a in attr_uses(m, parts.enqueue))]
    if len(feeders) != 1:
        raise Refusal(f"`{self_name}.{parts.enqueue}` is not run by exactly one method")
    feeder = feeders[0]
    if why := lockstep_reason(index, scan, self_name, feeder, qattr, methods):
        raise Refusal(why)  # (two queues fed in turn by one thread, one behind an ``if``: ``lockstep.py``)
    others = [q for q, op in enqueue_ops(scan, self_name).items() if q != qattr and attr_uses(feeder, op)]
    if others:
        raise Refusal(f"`{feeder.name.value}` feeds several queues (`{qattr}`, `{others[0]}`), whose elements pair "
                      "up by the feeding order: not rewritten; `--fallback compat` runs it through the drop-in")
    subclass = is_thread_subclass(module, cls)
    # ``run`` calls the feeding method (a subclass's, or a thread target's: ``Thread(target=self.run)``)
    driver = thread_driver(module, cls, feeder) if subclass else target_driver(index, module, cls, feeder)
    thread_run = subclass and (feeder.name.value == "run" or driver is not None)
    # (a feeding method that takes only ``self`` reads the session from the instance: ``self.sess.run(...)``)
    # (or takes its data and runs the enqueue on ``self.sess``, a session handed to the instance: ``held_session``)
    on_self = len(feeder.params.params) == 1 and isinstance(feeder.params.star_arg, cst.MaybeSentinel) or \
        held_session(feeder, parts.enqueue)
    if looper := _looper(index, cls, feeder):
        raise Refusal(looper)
    held = on_self and len(feeder.params.params) > 1  # (data parameters, the session on the instance)
    if held and thread_run:
        raise Refusal(f"the thread subclass `{cls.name.value}` runs `{feeder.name.value}`, which takes data and runs "
                      "the enqueue on a session kept on the instance: that driver is not followed")
    if on_self and not (thread_run and driver is None) and \
            session_attr(feeder, feeder.params.params[0].name.value, parts.enqueue) == DEFAULT_SESSION:
        raise Refusal(f"`{feeder.name.value}` runs the enqueue op on the default session (`<op>.run(feed_dict=...)`) "
                      "and is not the `run` of a `threading.Thread` subclass: which session its thread makes the "
                      "default, and whether the rewrite keeps it so, is not followed; not rewritten")
    if held and not thread_run and not any(
            contains(m, a) for a in instance_uses(module, cls, feeder.name.value) if isinstance(a.value, cst.Name)
            for m in methods.values() if m is not feeder):
        # (no method of the class starts or drives it (``self.queue.enqueue`` in ``__init__`` is the queue's method,
        # not a feeding method named ``enqueue``): the refusal below (``_held_outside``) is where it ends whatever
        # its body; said first, so a per-call body (``feed = {...}`` then ``self.sess.run(op, feed_dict=feed)``
        # under ``with self.sess.as_default():``) is not refused for its spelling instead of its callers' loop)
        raise Refusal(_held_outside(module, cls, feeder, [p.name.value for p in feeder.params.params[1:]]))
    generator, extra, data, closes, sites, valued = _generator(without(feeder, made_apart), parts, qattr,
                                                               queue_names(args), thread_run or on_self)
    check_class_consumer_state(module, cls, feeder, generator)
    # the starting method: makes the thread whose target is the feeding method
    # (``sess.run`` of a session is no use of a feeding method named ``run``: only the instance's attributes count)
    entry = driver or feeder
    own = {id(a) for m in {id(entry): entry, id(feeder): feeder}.values() for a in attr_uses(m, entry.name.value)}
    uses = [a for a in instance_uses(module, cls, entry.name.value) if id(a) not in own and not (
        driver is not None and not thread_run and isinstance(a, cst.Attribute) and isinstance(a.value, cst.Attribute))]
    starters = [m for m in methods.values() if m is not feeder and any(contains(m, a) for a in uses)]
    inside = {id(a) for a in uses if any(contains(s, a) for s in starters)}
    elsewhere = [a for a in uses if id(a) not in inside]
    source = feeder.name.value
    countdown = None
    runner: list[cst.FunctionDef] = []
    outside = False  # (threads made outside the class, one per instance, their data kept there)
    joined: list[str] = []
    made_in_init = None  # (the attribute of a thread ``__init__`` made, which runs nothing now)
    if thread_run:  # the thread is started and joined as before; it runs the base class's ``run`` (no target)
        if elsewhere or starters:
            raise Refusal(f"`{entry.name.value}` of the thread subclass `{cls.name.value}` is called beyond the "
                          "thread's own start")
        source = fresh_attr(module, cls, "elements")
        if driver is None:
            generator = generator.with_changes(name=cst.Name(source))
        else:
            me = feeder.params.params[0].name.value
            driver_gen = driven(driver, feeder, session_attr(feeder, me, parts.enqueue), source, lambda op: (
                parts.close is not None and self_attr(op, me) == parts.close) or is_close_call(
                op, lambda q: self_attr(q, me) == qattr), valued, closes)
        starter = None
    elif driver is not None and len(starters) != 1 or driver is not None and elsewhere:
        raise Refusal(f"`{driver.name.value}`, which calls `{feeder.name.value}`, is not the target of a thread "
                      "made in one method of the class")
    elif not starters and held:
        raise Refusal(_held_outside(module, cls, feeder, data))
    elif not starters and elsewhere and not data:  # ``threading.Thread(target=reader.feed, args=(sess,))`` outside
        plan.removed += outside_threads(index, module, cls, feeder.name.value, elsewhere, code, 1 + len(extra))
        starter = None
    elif not starters and elsewhere and _distinct_instances(module, cls, elsewhere):
        # ``Thread(target=dq.feed, args=(sess, coord, rows))`` outside the class: one thread per instance
        # (one leading underscore: ``__x`` would be mangled inside the class, not where the thread was made)
        attr, source = fresh_attr(module, cls, f"_{feeder.name.value.lstrip('_')}_args"), \
            fresh_attr(module, cls, f"{feeder.name.value}_all")
        for use in elsewhere:
            gone = outside_threads(index, module, cls, feeder.name.value, [use], code, 1 + len(extra), len(data))
            made_at, kept = outside_data_thread(index, module, feeder, [use], extra, gone, attr, code)
            plan.removed += gone
            plan.replaced[made_at] = [kept]
        runner, outside = [runner_method(feeder, source, attr)], True
        starter = None
    elif not starters and not elsewhere and REMOTE_DEQUEUE.get() and not on_self and _looped(feeder):
        # (a tree's rewrite: ``Thread(target=dq.thread_main, args=(sess, coord, rows))`` in another module, one
        # per instance, is followed there; where no module makes it, the class is left: ``tree.py``)
        attr, source = fresh_attr(module, cls, f"_{feeder.name.value.lstrip('_')}_args"), \
            fresh_attr(module, cls, f"{feeder.name.value}_all")
        names = [p.name.value for p in feeder.params.params[2:]]
        plan.threaded[feeder.name.value] = (attr, [k for k, n in enumerate(names) if n not in extra], 1 + len(names),
                                            _uncalled(cls, feeder, data))
        runner, outside = [runner_method(feeder, source, attr)], True
        starter = None
    elif not starters and not elsewhere:
        raise Refusal(_uncalled(cls, feeder, data))
    elif starters == [init] and not elsewhere and driver is None:
        # (``self.thread = Thread(target=self.feed, args=...)`` in ``__init__``, started elsewhere: the attribute
        # a thread that runs nothing, its data kept beside it, ``init_thread.py``)
        attr, source = fresh_attr(module, cls, f"_{feeder.name.value.lstrip('_')}_args"), \
            fresh_attr(module, cls, f"{feeder.name.value}_all")
        line, lines, held_thread = init_thread(index, module, init, feeder, extra, not on_self, attr, code)
        plan.replaced[line] = lines
        runner = [runner_method(feeder, source, attr)]
        starter, made_in_init = None, held_thread
    elif len(starters) != 1 or elsewhere:
        raise Refusal(f"`{feeder.name.value}` is not the target of a thread made in one method of the class")
    elif driver is not None:  # ``Thread(target=self.run)``: the thread stays, started and joined as before; the
        # target feeds nothing now (an empty method of the same name), its body the generator tf.data reads
        me = feeder.params.params[0].name.value
        source = fresh_attr(module, cls, "elements")
        driver_gen = driven(driver, feeder, session_attr(feeder, me, parts.enqueue), source, lambda op: (
            parts.close is not None and self_attr(op, me) == parts.close) or is_close_call(
            op, lambda q: self_attr(q, me) == qattr), valued, closes)
        idle = driver.with_changes(body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Expr(cst.SimpleString(
            f'"""Feeds nothing now: its loop is `{source}`, read by tf.data."""'))])]), leading_lines=())
        starter = None
    else:
        # (the last thread to end closes the queue, a countdown under a lock: ``countdown.py``)
        countdown = class_countdown(index, module, cls, feeder, starters[0], _close_run(
            feeder, parts, qattr, on_self), code, held_sites[1] if (held_sites := SITES.get()) else None) if closes else None
        threads = starter_threads(index, module, cls, starters[0], feeder, extra, (qattr, parts.close), code,
                                  [*made_apart, *([*([countdown.setting] if countdown.setting is not None else []),
                                                    *countdown.zeroed] if countdown is not None else [])],
                                  sessioned=not on_self)
        plan.removed += threads.closers
        if countdown is not None:  # the generator ends after every thread's part, where legacy's last one closed
            generator, extra, data, closes, sites, valued = _generator(
                without_countdown(without(feeder, made_apart), countdown), parts, qattr, queue_names(args), on_self)
            if threads.items is None:
                plan.removed += [*([countdown.setting] if countdown.setting is not None else []),
                                 *countdown.zeroed]
        if closes and threads.several:
            guarded = any(a.attr.value in {"close", parts.close} for branch in nodes_of(feeder, cst.If)
                          for a in nodes_of(branch.body, cst.Attribute))  # (the close run under an ``if``)
            raise Refusal(f"`{starters[0].name.value}` starts its threads in a loop whose count is not 1 at every "
                          f"call, each running `{feeder.name.value}`, which closes the queue"
                          + (" where a condition of its own holds (a shared count of running threads, say: the "
                             "rewrite follows no such guard)" if guarded else "")
                          + ": whether a close comes before another thread's last enqueue, so which data legacy "
                          "delivers, is not known here; not rewritten: close the queue once, after joining the "
                          "threads, or keep the queue (`migrate --to compat`)")
        if closes and threads.closers:
            raise Refusal(f"`{feeder.name.value}` and a closer thread both close the queue: not rewritten")
        # (the handle it returned: ``[]`` for a list of threads, ``None`` for one, whose joins go)
        # (``return self.thread``: the attribute stays a thread, one that runs nothing: ``returned_on_self``)
        one = returns_one_thread(index, starters[0]) and returned_on_self(index, starters[0]) is None
        if returned_on_self(index, starters[0]) is None:
            follow_handles(index, module, cls, starters[0], one, plan.removed, plan.replaced)
        returned = "None" if one else "[]"
        if one:
            plan.handles.append(starters[0].name.value)
        if threads.items is None:
            starter = emptied_starter(index, module, plan.removed, plan.replaced, feeder, starters[0], returned)
        else:  # the threads' arguments kept by the starter; a generator method runs the feeder once per item
            attr, source = fresh_attr(module, cls, f"_{feeder.name.value.lstrip('_')}_args"), \
                fresh_attr(module, cls, f"{feeder.name.value}_all")
            starter = starters[0]
            plan.removed += nodes_of(starter, cst.SimpleStatementLine)
            plan.replaced[starter] = [stored_starter(starter, feeder, attr, threads.items, returned, index)]
            runner = [runner_method(feeder, source, attr)]
        # (the thread the starter kept on the instance: what only joined it goes with it, ``thread_joins.py``)
        # (``if self.sess: self.sess.run(self.queue.close(...))`` on the session the starter kept: it goes)
        guarded = session_guarded_closes(cls, starters[0], (feeder, init), lambda op, me: is_close_call(
            op, lambda q: self_attr(q, me) == qattr) or parts.close is not None and self_attr(op, me) == parts.close)
        plan.removed += guarded
        joined = thread_joins(index, module, cls, starters[0], init, feeder, plan.removed, plan.replaced,
                              threads.items is not None, session_attr(feeder, feeder.params.params[0].name.value,
                                                                      parts.enqueue).split(".", 1)[1]
                              if on_self else None, (*(countdown.block if countdown is not None else ()), *guarded))
    # (the checks of a coordinator are read over the feeding method and the ``run`` that drives it)
    both = feeder if driver is None else feeder.with_changes(body=feeder.body.with_changes(
        body=[*feeder.body.body, *driver.body.body]))
    session = session_attr(feeder, feeder.params.params[0].name.value, parts.enqueue) if on_self else None
    if session == DEFAULT_SESSION:  # (no session attribute of the instance is read: nothing of it to follow)
        session = None
    if session is not None and not thread_run and driver is None:  # the starter that set it makes no thread now
        _session_only_fed(module, cls, session, feeder, starter)
    dropped = class_coordinators(module, cls, both, extra, starter, plan.removed,
                                 session.split(".", 1)[1] if session is not None else None,
                                 [*made_apart, *([*([countdown.setting] if countdown.setting is not None else []),
                                                   *countdown.zeroed] if countdown is not None else [])])
    if passed is not None and not passed.elsewhere and all(isinstance(c.func, cst.Name) for c in passed.calls):
        # (the queue class handed in, read by the queue's line alone: the parameter and its arguments go; where
        # another module calls the class, the tree's pass drops them, ``handed_coord.py``)
        dropped.params.setdefault(init.name.value, []).append(passed.param)
        for c in passed.calls:
            dropped.calls.setdefault(c, []).append(passed.param)
    plan.replaced[feeder] = [generator.with_changes(body=generator.body.visit(DropChecks(dropped.names))), *runner]
    if driver is not None:
        idles = [] if thread_run else [idle.with_changes(leading_lines=[cst.EmptyLine(indent=False)])]
        plan.replaced[driver] = [driver_gen.with_changes(body=driver_gen.body.visit(DropChecks(dropped.names))),
                                 *idles]
    found = _dequeue(module, cls, plan, parts, qattr, both, starter, local_reads, self_name, index)
    loop = f"`{feeder.name.value}`" if driver is None else f"`{driver.name.value}` (through `{feeder.name.value}`)"
    if found is None and choice is not None:
        raise Refusal(f"`{self_name}.{qattr}`, whose kind `{code(choice.node.test)}` chooses, is dequeued in another "
                      "module: that choice is followed only where this module dequeues it")
    if found is None:  # dequeued in another module through an instance: the class keeps the dataset
        head, steps = printer.queue_text(v1, f"{self_name}.{source}", shapes, dtypes, kind, args, parts.many, code, wraps=parts.wraps)
        plan.removed.remove(qstmt)
        plan.comment = printer.comment(kind, loop, parts.many, kind, args, code) + _joined_note(joined, starter) + \
            sites_note(feeder, sites, dropped.names) + (
            f"; `{self_name}.{qattr}` is that dataset now, read where another module dequeued it") + (
            f"; {shared_note}" if shared_note else "")
        _kept_sizes(module, v1, plan, parts)
        plan.replaced[qstmt] = [cst.parse_statement(f"{self_name}.{qattr} = {emit.chain(head, steps)}\n").with_changes(
            leading_lines=[*qstmt.leading_lines, *wrapped_comment(plan.comment)])]
        plan.remote, plan.kind_args = qattr, (kind, 0 if queue_names(args) else len(dtypes.elements))
        drop_coordinators(module, methods, dropped, plan)
        plan.cls = cls.name.value
        plan.gone = [parts.enqueue, *([parts.close] if parts.close else []), *unread,
                     *[p for p in ([parts.list_name] if parts.list_name else parts.fed) if p not in plan.kept],
                     *joined]
        _dead_lists(plan, init, qstmt, args, shapes, code)
        return plan
    dstmt, call, owner = found
    if choice is not None or made_of_locals(args, kind, init, cls, dstmt, owner, parts.calls):
        # (``seed=seed``, or a kind a flag chose: the queue's part stays where it was)
        attr = fresh_attr(module, cls, f"{qattr}_dataset")
        head, steps = printer.queue_text(v1, f"{self_name}.{source}", shapes, dtypes, kind, args, parts.many, code, wraps=parts.wraps)
        plan.removed.remove(qstmt)
        kept = cst.parse_statement(f"{self_name}.{attr} = {emit.chain(head, steps)}\n")
        if choice is not None:
            plan.removed.remove(choice.shuffled)
            plan.replaced[choice.node] = [_chosen(index, v1, init, choice, kept, f"{self_name}.{attr}",
                                                  f"{self_name}.{source}", shapes, dtypes, args, parts.many, code,
                                                  parts.wraps)]
        else:
            plan.replaced[qstmt] = [kept]
        chain = emit.chain(f"{owner}.{attr}", printer.dequeue_steps(v1, kind, call, code))
    else:
        chain = printer.dataset_text(v1, f"{owner}.{source}", shapes, dtypes, kind, args, call, parts.many, code, wraps=parts.wraps)
    plan.comment = printer.comment(kind, loop, parts.many, kind, args, code) + _joined_note(joined, starter) + \
        sites_note(feeder, sites, dropped.names) + (f"; {shared_note}" if shared_note else "")
    if driver is not None and not thread_run:
        plan.comment += (f"; the thread `{entry.name.value}` is the target of is still made and started as before, "
                         f"but feeds nothing: its loop is now `{source}`, read by tf.data")
    if thread_run:
        plan.comment += (f"; `{cls.name.value}` is still a thread and is started as before, but feeds nothing: its "
                         f"`run` is now `{source}`, read by tf.data")
    if made_in_init is not None:
        plan.comment += (f"; `{self_name}.{made_in_init}`, the thread `{init.name.value}` made, runs nothing now (it "
                         f"is started and joined as before); what it was given is kept for `{source}`")
    elif runner and outside:
        plan.comment += (f"; the data each instance's one thread was given is kept on the instance where that "
                         f"thread was made, read by `{source}` in legacy's order")
    elif runner:
        plan.comment += (f"; its threads run one after another (`{source}`), each on what the starter gave it: "
                         "the same multiset, in one of the orders legacy could deliver")
    if countdown is not None:
        plan.comment += ("; the last of its threads to end closed the queue (a countdown under a lock): the data end "
                         "after every thread's part, where the generator ends")
    if plan.summed:
        plan.comment += "; the summary of the queue's size went with the queue (tf.data keeps none to count)"
    if choice is not None:
        plan.comment += (f"; the queue's kind was chosen by `{code(choice.node.test)}`: that `if` stays, each arm "
                         "keeping its queue's part of the chain (a RandomShuffleQueue's the shuffle)")
    _kept_sizes(module, v1, plan, parts)
    small = dstmt.body[0]
    got = cst.parse_expression(emit.one_shot_get_next(v1, chain) if small.value is not call else dequeued(
        emit.one_shot_get_next(v1, chain), len(dtypes.elements), bool(queue_names(args)), small))
    plan.replaced[dstmt] = [dstmt.with_changes(
        body=[small.with_changes(value=small.value.deep_replace(call, got) if small.value is not call and any(
            c is call for c in nodes_of(small.value, cst.Call)) else got)],  # (a dequeue inside the value)
        leading_lines=[*dstmt.leading_lines, *wrapped_comment(plan.comment)])]
    drop_coordinators(module, methods, dropped, plan)
    plan.cls = cls.name.value
    plan.gone = [qattr, parts.enqueue, *([parts.close] if parts.close else []), *unread,
                 *[p for p in ([parts.list_name] if parts.list_name else parts.fed) if p not in plan.kept], *joined]
    if choice is None:
        _dead_lists(plan, init, qstmt, args, shapes, code)
    return plan


def _dead_lists(plan: ClassFeed, init: cst.FunctionDef, qstmt, args, shapes: list[str], code) -> None:
    """``dtypes = [...]`` / ``shapes = [...]`` of ``__init__`` read only by the placeholders and the queue, which
    went: they go too (``local_lists.py``); a list the new code still names stays."""
    emitted = " ".join([*shapes, *(code(v) for v in args.values() if isinstance(v, cst.CSTNode))])
    plan.removed += dead_lists(flat(init), [*plan.removed, qstmt], emitted)


def _chosen(index, v1: str, init: cst.FunctionDef, choice, plain: cst.SimpleStatementLine, target: str,
            source: str, shapes: list[str], dtypes, args: dict, many: bool, code, wraps=None) -> cst.If:
    """The choosing ``if`` with each arm keeping its queue's part of the chain on ``target``; a refusal where the
    shuffled arm's queue makes other components than the plain one's."""
    shuffled = queue_args(resolved_call(reader(index, v1), choice.call, flat(init), []), "RandomShuffleQueue")
    for key in ("dtypes", "shapes", "names"):
        a, b = args.get(key), shuffled.get(key)
        if (a is None) != (b is None) or (a is not None and code(a) != code(b)):
            raise Refusal(f"the two queues `{code(choice.node.test)}` chooses between differ in `{key}=`: which "
                          "components the data has is not one thing; not rewritten")
    head, steps = printer.queue_text(v1, source, shapes, dtypes, "RandomShuffleQueue", shuffled, many, code,
                                     wraps=wraps)
    mixed = cst.parse_statement(f"{target} = {emit.chain(head, steps)}\n")
    first, second = (mixed, plain) if choice.shuffle_first else (plain, mixed)
    node = choice.node
    return node.with_changes(body=node.body.with_changes(body=[first]),
                             orelse=node.orelse.with_changes(body=node.orelse.body.with_changes(body=[second])))


def _kept_sizes(module: cst.Module, v1: str, plan: ClassFeed, parts: Init) -> None:
    """``self.size_op = self.queue.size()`` made beside the queue stays, a constant 0: tf.data keeps no queue to
    count, and 0 is a size legacy's queue could show at any read (its feeder not yet ahead of the reads)."""
    sites = SITES.get()
    tested = getattr(sites[1], "attribute_tested", None) if sites else None
    for attr, stmt in parts.sizes:
        if tested is not None and tested(attr) or attribute_tested(module, attr):
            raise Refusal(f"`{attr}`, the queue's size, is read in a test (a loop waiting for the queue to fill, "
                          "say): tf.data keeps no queue to count, and a size that never grows would wait forever; "
                          f"read the batch instead of `{attr}`, or keep the queue (`migrate --to compat`)")
        plan.removed[:] = [s for s in plan.removed if s is not stmt]
        small = stmt.body[0]
        plan.replaced[stmt] = [stmt.with_changes(body=[small.with_changes(
            value=cst.parse_expression(f"{v1}.constant(0, dtype={v1}.int32)"))])]
        plan.comment += (f"; `{attr}`, the queue's size, is a constant 0 now (tf.data keeps no queue to count; 0 is a "
                         "size legacy's queue could show at any read)")


def _close_run(feeder: cst.FunctionDef, parts: Init, qattr: str, on_self: bool):
    """Whether a statement is ``sess.run(self.close)`` (or ``sess.run(self.queue.close())``) on the feeding
    method's session."""
    me = feeder.params.params[0].name.value
    try:
        sess = session_attr(feeder, me, parts.enqueue) if on_self else feeder.params.params[1].name.value
    except Refusal:
        return lambda stmt: False

    def is_close(stmt: cst.CSTNode) -> bool:
        call = runs(stmt)
        if call is None or len(call.args) != 1 or call.args[0].keyword is not None or \
                cst.Module([]).code_for_node(call.func.value) != sess:
            return False
        op = call.args[0].value
        return parts.close is not None and self_attr(op, me) == parts.close or is_close_call(
            op, lambda q: self_attr(q, me) == qattr)
    return is_close


def _held_outside(module, cls: cst.ClassDef, feeder: cst.FunctionDef, data: list[str]) -> str:
    """Why a feeding method that takes its data and runs the enqueue on the instance's session, reached from
    outside the class (called on an instance however it was made: ``feeder = build_feeder(...)``), is left."""
    name = f"`{cls.name.value}.{feeder.name.value}`"
    inside = {id(c) for c in nodes_of(cls, cst.Call)}
    called = [c for c in nodes_of(module, cst.Call) if id(c) not in inside and isinstance(c.func, cst.Attribute)
              and c.func.attr.value == feeder.name.value]
    if not called and not any(a.attr.value == feeder.name.value and id(a) not in {
            id(b) for b in nodes_of(cls, cst.Attribute)} for a in nodes_of(module, cst.Attribute)):
        return _uncalled(cls, feeder, data)
    if called:
        return (f"{name} runs the enqueue on the session kept on the instance once per call, on what it is given "
                f"(`{', '.join(data)}`), and is called from outside the class: the loop that makes the elements is "
                "in its callers (a function plugged onto the instance or a thread's loop, as a rule), which the "
                "class form does not follow, so no generator can stand for the feeding. Not rewritten; "
                "`migrate --to compat` runs it through the drop-in")
    return (f"{name}, which runs the enqueue on the session kept on the instance, is made a thread's target "
            "outside the class: such a thread, given data and no session, is not followed. Not rewritten; "
            "`migrate --to compat` runs it through the drop-in")


def _joined_note(joined: list[str], starter: cst.FunctionDef | None) -> str:
    if not joined or starter is None:
        return ""
    names = ", ".join(f"`{a}`" for a in joined)
    return (f"; {names}, where `{starter.name.value}` kept its thread, is unset now: the joins of it go (a method "
            "that only joined it stays, doing nothing, for its callers)")


def _looped(feeder: cst.FunctionDef) -> bool:
    return any(nodes_of(feeder.body, kind) for kind in (cst.For, cst.While))


def _uncalled(cls: cst.ClassDef, feeder: cst.FunctionDef, data: list[str]) -> str:
    """Why a feeding method that nothing in its module calls or starts is left: its callers are in other modules
    (an actor thread's ``run`` calling ``queue.append_to_queue(sess, item)`` per item), which the class form does
    not follow. One that feeds one element per call has its loop in those callers: the producer of the data is
    there, and a generator method of the class could not stand for it."""
    name = f"`{cls.name.value}.{feeder.name.value}`"
    looped = any(nodes_of(feeder.body, kind) for kind in (cst.For, cst.While))
    per_call = "" if looped or not data else (
        f" It runs the enqueue once per call, on what it is given (`{', '.join(data)}`): the loop that makes the "
        "elements is in its callers.")
    made_here = "" if per_call else (
        f" (a thread made on it in this module or another of the tree, `threading.Thread(target=obj."
        f"{feeder.name.value}, args=(sess, ...))`, one per instance, is rewritten: its data kept on the instance)")
    return (f"{name} feeds the queue but is neither called nor made a thread's target in this module: its callers, "
            "in other modules (a thread's loop, as a rule), are not followed, so no generator can stand for the "
            "feeding" + made_here + "." + per_call +
            " Not rewritten; `migrate --to compat` runs it through the drop-in")


def _looper(index, cls: cst.ClassDef, feeder: cst.FunctionDef) -> str | None:
    """Why a feeding method driven by a ``LooperThread`` (``LooperThread.loop(coord, None, self.step)``,
    ``LooperThread(coord, None, target=self.step)``) is left, or None: the looper calls it over and over until
    its coordinator stops, and hands back a thread the program joins; that driver is not followed (each call's
    feeding, its early returns and the stop after the close are not turned into one generator)."""
    for call in nodes_of(cls, cst.Call):
        path = index.paths.get(call) or ""
        if path.endswith(("LooperThread", "LooperThread.loop")) and any(
                isinstance(a.value, cst.Attribute) and a.value.attr.value == feeder.name.value for a in call.args):
            return (f"`{feeder.name.value}` is run over and over by a `LooperThread` (each call feeds one step, until the coordinator stops), a driver the rewrite does not follow; "
                    "`migrate --to compat` runs it unchanged through the drop-in")
    return None


def _session_only_fed(module, cls: cst.ClassDef, session: str, feeder: cst.FunctionDef,
                      starter: cst.FunctionDef | None) -> None:
    """``self.sess``, which the feeding method read, is the session handed in: set only by the starter (which
    no longer does) and read nowhere else, or set once, from a parameter of a method that stays (``self.sess =
    session`` in ``__init__``, ``self.sess = trainer.sess``: the session the program made and handed in, still
    set where other methods read it)."""
    attr = session.split(".", 1)[1]
    sets, reads = [], []
    for use in instance_uses(module, cls, attr):
        if contains(feeder, use):
            continue
        assign = next((a for a in nodes_of(module, cst.Assign) if any(t.target is use for t in a.targets)), None)
        if assign is not None and isinstance(assign.value, cst.Name) and assign.value.value == "None":
            continue  # (``self._sess = None``, its declaration: no session to run)
        (sets if assign is not None else reads).append((use, assign))
    if all(starter is not None and contains(starter, use) for use, _ in sets) and not reads:
        return
    held = _handed_session(cls, sets, starter)
    if held is None:
        where = "its starter" if starter is not None else "the thread's start"
        raise Refusal(f"`{session}`, the session the feeding method `{feeder.name.value}` runs the enqueue with, is "
                      f"used beyond it and {where}, and is not set once from a session handed to a method of "
                      f"`{cls.name.value}` (`{session} = sess`): it may not be the session the program reads the "
                      "queue with")


def _handed_session(cls: cst.ClassDef, sets: list, starter: cst.FunctionDef | None) -> str | None:
    """The parameter (``sess``, or ``trainer`` of ``trainer.sess``) the one assignment of the session's attribute
    reads, in a method of the class other than the starter; None otherwise."""
    if len(sets) != 1:
        return None
    use, assign = sets[0]
    method = next((m for m in methods_of(cls).values() if contains(m, use)), None)
    if method is None or method is starter or len(assign.targets) != 1 or not any(
            s is assign for s in nodes_of(method, cst.Assign)):
        return None
    value = assign.value
    if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name):
        value = value.value
    params = [p.name.value for p in method.params.params[1:]]
    if not isinstance(value, cst.Name) or value.value not in params:
        return None
    # (the parameter rebound in the method before it is kept: not the session handed in)
    if any(isinstance(t, cst.Name) and t.value == value.value for a in nodes_of(method, cst.Assign) for tg in a.targets
           for t in [tg.target]):
        return None
    return value.value


def _dequeue(module, cls: cst.ClassDef, plan: ClassFeed, parts: Init, qattr: str, feeder: cst.FunctionDef,
             starter: cst.FunctionDef | None, local_reads: list[cst.Name] = (), self_name: str = "self",
             index=None) -> tuple[cst.SimpleStatementLine, cst.Call, str] | None:
    """(the statement, the call, the instance's name) of the queue's one dequeue (``local_reads``: dequeues of
    the local name the maker made it under); every other use of the queue, its ops and placeholders is a close
    on the way out (it goes) or a refusal."""
    lines = nodes_of(module, cst.SimpleStatementLine)
    dequeues: list[cst.BaseExpression] = list(local_reads)
    kept: set[str] = set()  # placeholders read only for their static shape or dtype
    # (``tf.summary.image(...)`` names TensorFlow's function, not the instance's ``image``)
    aliases = {(a.asname.name.value if a.asname is not None and isinstance(a.asname.name, cst.Name) else
                cst.Module([]).code_for_node(a.name).split(".", 1)[0])
               for stmt in module.body if isinstance(stmt, cst.SimpleStatementLine)
               for small in stmt.body if isinstance(small, cst.Import) for a in small.names} \
        if index is not None else set()
    tf_funcs = {id(c.func) for c in nodes_of(module, cst.Call) if index.paths.get(c) and _root(c.func) in aliases
                } if aliases else set()
    fed = [parts.list_name] if parts.list_name else list(dict.fromkeys(f.split("[", 1)[0] for f in parts.fed))
    for attr in [qattr, parts.enqueue, *([parts.close] if parts.close else []), *fed]:
        for use in instance_uses(module, cls, attr):
            if id(use) in tf_funcs or any(use in attr_uses(s, attr) for s in [*plan.removed, feeder]):
                continue
            stop = holder_of(lines, use)
            if attr == qattr and stop is not None and index is not None and _size_summary(index, stop, use):
                plan.removed.append(stop)  # (``tf.summary.scalar('queue_size', self.queue.size())``: it goes)
                plan.summed = True
                continue
            if stop is not None and attr in (qattr, parts.close) and runs_close(stop, use, attr == qattr):
                plan.removed.append(stop)  # a ``stop`` method's close
                continue
            if attr == qattr and stop is not None and _returned_unread(module, cls, stop, use, qattr):
                plan.removed.append(stop)  # (``return self.queue`` of the maker: every caller drops it)
                continue
            if attr == qattr:
                dequeues.append(use)
                continue
            if attr not in (parts.enqueue, parts.close) and stop is not None and shape_read(stop, use):
                kept.add(attr)  # (``x.set_shape(self.ph.shape)``: the placeholder stays, unfed)
                continue
            raise Refusal(f"`{attr}` is used beyond the queue's feeding method")
    if kept:
        plan.removed[:] = [s for s in plan.removed if not (isinstance(s, cst.SimpleStatementLine) and any(
            (found := self_assign(s, self_name)) is not None and found[0] == a for a in kept))]
        plan.kept = sorted(kept)
    if not dequeues:  # (``feeder.queue.dequeue_many(n)`` in another module: followed by a tree's rewrite alone)
        if REMOTE_DEQUEUE.get() and not local_reads:
            return None
        raise Refusal(_UNREAD.format(qattr))
    if len(dequeues) != 1:
        raise Refusal(f"`{qattr}` is read by {len(dequeues)} statements; the rewrite needs one dequeue")
    use = dequeues[0]
    dstmt = holder_of(lines, use)
    small = dstmt.body[0] if dstmt is not None and len(dstmt.body) == 1 else None
    call = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
    if call is not None and not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                                 and call.func.value is use):
        call = _wrapped_dequeue(call, use) or call
    stored = _stored_dequeue(module, cls, dstmt, use, self_name) if not isinstance(call, cst.Call) else None
    if stored is not None:  # ``self.dequeue_fn = self.queue.dequeue_up_to``, called once elsewhere
        plan.removed.append(dstmt)
        dstmt, call, use = stored
        if any(dstmt in nodes_of(m, cst.SimpleStatementLine) for m in (feeder, starter) if m is not None):
            raise Refusal("the queue is dequeued in its feeding or starting method")
        owner = use.value.value
        if not owner_is_instance(module, cls, dstmt, owner):
            raise Refusal(f"`{owner}` is not known to be a `{cls.name.value}`")
        return dstmt, call, owner
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.value is use
            and call.func.attr.value in DEQUEUES):
        raise Refusal(f"`{qattr}` is read other than by one `dequeue_many(n)`, `dequeue_up_to(n)` or `dequeue()`")
    if any(dstmt in nodes_of(m, cst.SimpleStatementLine) for m in (feeder, starter) if m is not None):
        raise Refusal("the queue is dequeued in its feeding or starting method")
    if isinstance(use, cst.Name):  # (the maker's local name: the instance is its ``self``)
        return dstmt, call, self_name
    owner = use.value  # ``self`` in a method, or an instance name outside the class
    if not isinstance(owner, cst.Name):
        raise Refusal(f"the queue is read through `{cst.Module([]).code_for_node(owner)}`, which the rewrite does not "
                      f"follow to an instance of `{cls.name.value}` (an instance kept by another class of this "
                      "module is followed only where that class is in another module than the feeding class)")
    if not owner_is_instance(module, cls, dstmt, owner.value):
        raise Refusal(f"`{owner.value}` is not known to be a `{cls.name.value}`")
    return dstmt, call, owner.value


def _selected(index, module: cst.Module, cls: cst.ClassDef, self_name: str, qattr: str, code) -> str | None:
    """Why a queue that ``QueueBase.from_list(index, [...])`` selects among others is left, or None: which queue
    each dequeue reads is decided as the program runs, so no one dataset stands for this one."""
    for call in nodes_of(cls, cst.Call):
        if not (index.paths.get(call) or "").endswith("QueueBase.from_list") or len(call.args) < 2:
            continue
        if not any(self_attr(a, self_name) == qattr for a in nodes_of(call.args[1].value, cst.Attribute)):
            continue
        line = index.lines.get(call)
        return (f"`{self_name}.{qattr}` is one of the queues `QueueBase.from_list({code(call.args[0].value)}, ...)`"
                f"{f' (line {line})' if line else ''} selects: which queue each dequeue reads is decided as the "
                "program runs (by the index's value at that run), so no one dataset stands for this queue and its "
                "feeding thread; not rewritten: keep the queues (`migrate --to compat`), or make one dataset per "
                "source and pick its iterator's `get_next()` by the index yourself (`tf.switch_case`)")
    return None


def _root(node: cst.BaseExpression) -> str | None:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _size_summary(index, stmt: cst.SimpleStatementLine, use: cst.Attribute) -> bool:
    """``stmt`` is ``tf.summary.scalar(name, <use>.size() ...)``, a statement of its own whose value no one reads."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and f".{index.paths.get(call) or ''}".startswith((".summary.", ".contrib.summary."))):
        return False
    return any(isinstance(c.func, cst.Attribute) and c.func.value is use and c.func.attr.value == "size"
               and not c.args for c in nodes_of(call, cst.Call))


def _distinct_instances(module, cls: cst.ClassDef, uses: list[cst.BaseExpression]) -> bool:
    """The feeding method read outside the class as ``dq.feed`` once, or once per instance: distinct names each
    assigned once, in the module, ``Cls(...)`` (two reads on one instance would be two threads feeding it)."""
    if len(uses) == 1:
        return True
    names = [u.value.value if isinstance(u, cst.Attribute) and isinstance(u.value, cst.Name) else None for u in uses]
    return None not in names and len(set(names)) == len(names) and all(
        owner_is_instance(module, cls, holder_of(nodes_of(module, cst.SimpleStatementLine), u), n)
        for u, n in zip(uses, names))


def _returned_unread(module: cst.Module, cls: cst.ClassDef, stmt: cst.SimpleStatementLine, use: cst.Attribute,
                     qattr: str) -> bool:
    """``return self.queue``, the last statement of the method that makes the queue (``self.queue = ...`` in it),
    where every ``x.<method>`` of the module and of the tree's other modules is a call that is a whole statement:
    nothing reads what it returns, so the return goes with the queue."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Return) and small.value is use):
        return False
    method = next((m for m in methods_of(cls).values() if isinstance(m.body, cst.IndentedBlock)
                   and m.body.body and m.body.body[-1] is stmt), None)
    if method is None or not method.params.params or not any(
            self_attr(t.target, method.params.params[0].name.value) == qattr for t in nodes_of(method, cst.AssignTarget)):
        return False
    name = method.name.value
    sites = SITES.get()
    texts = getattr(sites[1], "other_texts", None) if sites and sites[1] is not None else None
    others = []
    for text in (texts() if texts is not None else ()):
        try:
            others.append(cst.parse_module(text))
        except cst.ParserSyntaxError:
            return False
    for tree in (module, *others):
        dropped = {id(line.body[0].value.func) for line in nodes_of(tree, cst.SimpleStatementLine)
                   if len(line.body) == 1 and isinstance(line.body[0], cst.Expr)
                   and isinstance(line.body[0].value, cst.Call)}
        if any(id(a) not in dropped for a in attr_uses(tree, name)):
            return False
    return True


def _wrapped_dequeue(value: cst.BaseExpression, use: cst.BaseExpression) -> cst.Call | None:
    """The dequeue ``use.dequeue_many(n)`` written inside the line's value (``return dict(zip(self.names,
    self.queue.dequeue_many(n)))``), evaluated once where the line runs (not under a lambda or a comprehension):
    the dataset's ``get_next()`` stands in its place. None otherwise."""
    found = [c for c in nodes_of(value, cst.Call) if isinstance(c.func, cst.Attribute) and c.func.value is use
             and c.func.attr.value in DEQUEUES]
    if len(found) != 1:
        return None
    loops = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
    if any(found[0] in nodes_of(n, cst.Call) for kind in loops for n in nodes_of(value, kind)):
        return None
    return found[0]


def _stored_dequeue(module, cls: cst.ClassDef, stmt: cst.SimpleStatementLine | None, use: cst.Attribute,
                    self_name: str) -> tuple[cst.SimpleStatementLine, cst.Call, cst.Attribute] | None:
    """(the statement that calls it, the call, the queue's ``self.queue`` there) where ``stmt`` keeps the queue's
    dequeue method on the instance (``self.dequeue_fn = self.queue.dequeue_up_to``, NiftyNet's ``_dequeue_func``)
    and the one other use of that attribute is ``[x =] return self.dequeue_fn(n)`` in a method of the class: that
    call is the queue's dequeue. None otherwise (the refusal that follows says the queue is read otherwise)."""
    found = self_assign(stmt, self_name) if stmt is not None else None
    value = found[1] if found is not None else None
    if not (isinstance(value, cst.Attribute) and value.value is use and value.attr.value in DEQUEUES):
        return None
    uses = [u for u in instance_uses(module, cls, found[0]) if not contains(stmt, u) and not any(
        contains(d, u) for d in none_inits(cls, None, [found[0]]))]  # (``self.dequeue_fn = None`` first: it goes)
    if len(uses) != 1 or not isinstance(uses[0].value, cst.Name):
        return None
    at = holder_of(nodes_of(module, cst.SimpleStatementLine), uses[0])
    small = at.body[0] if at is not None and len(at.body) == 1 else None
    call = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
    if not (isinstance(call, cst.Call) and call.func is uses[0]):
        return None
    made = cst.Attribute(cst.Name(uses[0].value.value), cst.Name(use.attr.value))
    return at, call.with_changes(func=cst.Attribute(made, value.attr)), made


def _stored_attrs(maker: cst.FunctionDef, qattr: str, self_name: str) -> list[str]:
    """The attributes ``maker`` keeps the queue's dequeue method on (``self.dequeue_fn = self.queue.dequeue_many``)."""
    out = []
    for stmt in flat(maker):
        found = self_assign(stmt, self_name)
        value = found[1] if found is not None else None
        if isinstance(value, cst.Attribute) and self_attr(value.value, self_name) == qattr and \
                value.attr.value in DEQUEUES:
            out.append(found[0])
    return out

"""The feed-thread codemod, function form: a queue fed by threads through placeholders, in one block.

    x = tf.placeholder(tf.float32, [3])                 # one placeholder per queue component
    queue = tf.FIFOQueue(capacity, dtypes, shapes=...)  # FIFO: the order is the feeder's
    enqueue_op = queue.enqueue([x, ...])
    close_op = queue.close()                            # optional
    batch = queue.dequeue_many(n)                       # or dequeue_up_to(n), or dequeue()

    def feed(sess):                                     # its only use of the session: that enqueue, then close
        for ...:
            sess.run(enqueue_op, feed_dict={x: value, ...})
        sess.run(close_op)

    thread = threading.Thread(target=feed, args=(sess,)); thread.start(); ...; thread.join()

The feeding function becomes a generator (``loop.py``), read by ``from_generator`` (``printer.py``); the
threads and their plumbing go (``plumbing.py``). The queue's own end-of-data rules carry over: ``dequeue_many``
drops a short tail (``drop_remainder=True``), ``dequeue_up_to`` keeps it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.calls import Refusal, bind_params, control_block_over, is_none, last_name, names_in, \
    nodes_of, requeued_names
from tfdata_bridge._src.migrate.dequeue_count import dequeue_count
from tfdata_bridge._src.migrate.feed import printer
from tfdata_bridge._src.migrate.feed.local_lists import dead_lists
from tfdata_bridge._src.migrate.feed.countdown import countdown_close, without_countdown
from tfdata_bridge._src.migrate.feed.consumer_state import check_consumer_state
from tfdata_bridge._src.migrate.feed.coord import DropChecks, coordinator_params, sites_note
from tfdata_bridge._src.migrate.feed.derived import held_key, resolved_call, zip_keys
from tfdata_bridge._src.migrate.feed.drained import size_after_drain
from tfdata_bridge._src.migrate.feed.feed_local import inline_feeds
from tfdata_bridge._src.migrate.feed.loop import DEFAULT_SESSION, ToGenerator, check_default_runs, default_runs, \
    is_close_call, method_call, name_key, op_run, runs_close_of, session_of
from tfdata_bridge._src.migrate.feed.passed import IndexedAsNames, dropped_params_left, passed_feeder
from tfdata_bridge._src.migrate.feed.plumbing import plain_close_after_feeder, thread_plumbing
from tfdata_bridge._src.migrate.feed.placeholders import assigned, constants_in, enqueued_placeholders
from tfdata_bridge._src.migrate.feed.queue import QUEUE_PARAMS, check_padding, component_shapes, queue_args, \
    queue_names
from tfdata_bridge._src.migrate.handbuilt import _size_summary
from tfdata_bridge._src.migrate.queue_size import parents, size_call
from tfdata_bridge._src.migrate.shared_names import dropped_shared_name
from tfdata_bridge._src.migrate.whole_lists import dequeued


@dataclass
class FeedPlan:
    removed: list[cst.CSTNode] = field(default_factory=list)
    replace_at: cst.SimpleStatementLine | None = None
    new: list[cst.BaseStatement] = field(default_factory=list)
    comment: str = ""
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = field(default_factory=dict)  # a module-level feeder


class FeedFinder:
    """``index`` is to_tfdata's index: ``paths`` (Call -> TensorFlow path), ``refs`` (name -> Name nodes),
    ``blocks`` (statement lists), ``threads`` (calls of ``threading.Thread``); ``scopes`` (``scopes.Scopes``)
    answers which reads mean the queue's names, where it is given (else they are matched by spelling)."""

    def __init__(self, index, code, v1: str, fresh, scopes=None, external=None, module=None) -> None:
        self.index = index
        self.scopes = scopes
        self.external = external  # the tree's resolver: callers in other modules (``handed.py``)
        self.code = code
        self.module = module  # (the module whose ``code_for_node`` is ``code``)
        self.v1 = v1
        self.fresh = fresh
        self._ids: dict[int, set[int]] = {}
        self.fed = False  # the queue's enqueue takes placeholders: a refusal is then worth saying
        self.runner_filled = False  # a ``QueueRunner`` runs its enqueue ops: another form's (queue_reasons.py)
        self.list_name: str | None = None
        self.held = None  # the dict or list holding the fed placeholders (``derived.py``)

    def _holder(self, ref: cst.Name) -> tuple[list[cst.BaseStatement], cst.BaseStatement]:
        """The (block, statement) whose small statement holds ``ref``, innermost first."""
        best = None
        for body in self.index.blocks:
            for stmt in body:
                key = id(stmt)
                if key not in self._ids:
                    self._ids[key] = _node_ids(stmt)
                if id(ref) in self._ids[key] and (best is None or len(self._ids[key]) < len(self._ids[id(best[1])])):
                    best = (body, stmt)
        assert best is not None
        return best

    def _refs(self, name: str, definition: cst.CSTNode) -> list[cst.Name]:
        """The reads of ``name`` as ``definition`` binds it: by scope where the scopes are known (a function's
        parameter of the same name is another thing), else by spelling."""
        def_ids = _node_ids(definition) if isinstance(definition, cst.SimpleStatementLine) else {id(definition)}
        refs = self.index.refs.get(name, [])
        if self.scopes is not None and isinstance(definition, cst.SimpleStatementLine):
            readers = {id(n) for n in self.scopes.readers_of(definition, name)}
            refs = [r for r in refs if id(r) in readers]
        return [r for r in refs if id(r) not in def_ids]

    def _uses(self, name: str, definition: cst.CSTNode) -> list[tuple[list[cst.BaseStatement], cst.BaseStatement]]:
        return [self._holder(r) for r in self._refs(name, definition)]

    def _region(self, body: list[cst.BaseStatement], stmt: cst.BaseStatement) -> list[cst.BaseStatement]:
        """The statements of ``stmt``'s straight-line block: ``body`` and the bodies of the ``with`` statements
        in it (``with tf.variable_scope('input'):`` holding the placeholders), in source order."""
        block = self.index.block_of.get(id(stmt))
        if block is None:
            return list(body)
        out = [s for b in self.index.blocks for s in b if self.index.block_of.get(id(s)) == block]
        order = {id(s): self.index.lines.get(s) or self.index.spans.get(s, (0, 0))[0] for s in out}
        return sorted({id(s): s for s in out}.values(), key=lambda s: order[id(s)])

    def plan(self, body: list[cst.BaseStatement], i: int, queue: str, call: cst.Call, kind: str = "FIFOQueue",
             module: cst.Module | None = None) -> FeedPlan:
        qstmt = body[i]
        body = self._region(body, qstmt)
        self.list_name = self.held = None
        self.wraps: dict = {}  # (ops the enqueue runs on its placeholders: ``wraps.py``)
        bound: list[cst.BaseStatement] = []  # (``dtypes = [p.dtype for p in phs]`` read by the queue alone)
        # (``shared_name=`` where no other session can reach the queue: it goes, said in the comment)
        shared = bind_params(call, QUEUE_PARAMS.get(kind, QUEUE_PARAMS["FIFOQueue"]), kind).get("shared_name")
        outer = getattr(self, "outer", None)
        self.shared_note = dropped_shared_name(outer, qstmt, kind, shared) if outer is not None and not is_none(
            shared) and qstmt.body[0].value is call else None
        args = queue_args(constants_in(self, resolved_call(self, call, body, bound), qstmt), kind,
                          shared_ok=outer is not None and not is_none(shared) and qstmt.body[0].value is call)
        self.queue_arguments = args  # (read by ``placeholders.py``)
        dtypes = args["dtypes"]
        plan = FeedPlan(removed=[qstmt, *bound])
        enqueue = dequeue = None
        dequeue_names: set[str] = set()
        many = False
        close_ops: list[str] = []
        close_runs: list[cst.SimpleStatementLine] = []  # ``sess.run(queue.close(...))``
        close_calls: dict[str, cst.Call] = {}  # (each close op's ``queue.close(...)``)
        self.close_calls = close_calls
        for _, stmt in self._uses(queue, qstmt) if module is not None else ():
            if sub := _thread_subclass_given(module, stmt, queue):
                raise Refusal(f"`{queue}` is handed to `{sub}`, a `threading.Thread` subclass whose `run` feeds it: "
                              "not rewritten yet; `--fallback compat` runs it through the drop-in")
        handed = {id(a.value) for c in self.index.threads for a in c.args if a.keyword is not None
                  and a.keyword.value == "args" and isinstance(a.value, (cst.Tuple, cst.List)) for a in a.value.elements}
        handed |= {id(e.value) for c in self.index.threads for a in c.args if a.keyword is not None  # (kwargs=)
                   and a.keyword.value == "kwargs" and isinstance(a.value, cst.Dict) for e in a.value.elements}
        handed |= {id(k.value) for c in self.index.threads for a in c.args if a.keyword is not None
                   and a.keyword.value == "kwargs" and isinstance(a.value, cst.Call) for k in a.value.args}
        # a ``QueueRunner`` runs its enqueue ops: graph code fills it, another form's (its reason: queue_reasons.py)
        self.runner_filled = any(_makes_runner(self, self._holder(ref)[1]) for ref in self._refs(queue, qstmt))
        up = parents(module) if module is not None else {}
        sizes: list[tuple[cst.Call, cst.BaseStatement]] = []  # ``queue.size()`` reads: after the drain (drained.py)
        summaries: list[cst.BaseStatement] = []  # ``tf.summary.scalar(..., queue.size() ...)``: it goes
        for ref in self._refs(queue, qstmt):
            if id(ref) in handed:  # handed to the feeding thread: its function closes it (``passed.py``)
                continue
            stmt = self._holder(ref)[1]
            if any(s is stmt for s in summaries):
                continue
            if module is not None and not _summaries_read(module) and _size_summary(_Paths(self.index), stmt, queue):
                # (the fill level: no batch reads it, and no merge of the summaries runs it)
                summaries.append(stmt)
                plan.removed.append(stmt)
                continue
            if (size := size_call(up, ref)) is not None:
                sizes.append((size, stmt))
                continue
            hit = method_call(stmt, queue)
            if hit is None and runs_close_of(stmt, queue):
                close_runs.append(stmt)
                continue
            if hit is None and _makes_runner(self, stmt):  # graph code fills it: not this form (queue_reasons.py)
                raise Refusal(f"`{queue}` is filled by a `QueueRunner`{_which_use(self, stmt)}, not by a feeding "
                              "thread through placeholders")
            if hit is None and module is not None and (sub := runner_subclass(module, stmt)) is not None:
                made, why = sub
                raise Refusal(f"`{queue}` is filled by the threads of `{made}`{_which_use(self, stmt)}, {why}")
            if hit is None and (callee := _handed_to(up, ref)) is not None:
                line = self.index.lines.get(stmt) if isinstance(stmt, cst.SimpleStatementLine) else None
                at = f" (line {line})" if line else ""
                raise Refusal(f"`{queue}` is handed to `{self.code(callee)}`{at}, and what "
                              "that does with it is not followed: the feed-thread rewrite takes a queue used only by "
                              "its enqueue, close and one dequeue where it is made (a queue read by readers there, or "
                              "filled there, is not rewritten yet); `migrate --to compat` runs it through the drop-in")
            if hit is None:
                raise Refusal(f"`{queue}` is used other than by enqueue, close and one dequeue"
                              f"{_which_use(self, stmt, queue)}")
            method, mcall, names = hit
            if method in ("enqueue", "enqueue_many") and enqueue is None and names and len(names) == 1:
                enqueue = (stmt, mcall, names[0])
                many = method == "enqueue_many"
            elif method == "close" and names and len(names) == 1:
                close_ops.append(names[0])
                close_calls[names[0]] = mcall
                plan.removed.append(stmt)
            elif method in ("dequeue_many", "dequeue_up_to", "dequeue") and dequeue is None and names:
                dequeue, dequeue_names = (stmt, mcall), set(names)
            else:
                if method in ("enqueue", "enqueue_many") and (back := requeued_names(body, queue, mcall)):
                    line = self.index.lines.get(stmt)
                    raise Refusal(f"`{queue}.{method}`{f' (line {line})' if line else ''} puts back what `{queue}`'s "
                                  f"own dequeue took (it reads `{'`, `'.join(back)}`): a queue that feeds itself (a "
                                  "retry round, a rotation) has an order made by the runs of both its ops, which no "
                                  "dataset makes; it stays a queue, and `migrate --to compat` runs it unchanged "
                                  "through the drop-in")
                raise Refusal(f"`{queue}.{method}` is not part of the feed-thread pattern the rewrite knows")
        if dequeue is None and _handed_out(body, queue):
            raise Refusal(f"`{queue}` leaves the block that makes it (returned, or kept in a `global`) and is "
                          "dequeued elsewhere: the rewrite needs the `enqueue` and the dequeue in the same "
                          "block, to make the dataset where the dequeue was; not rewritten")
        if enqueue is None or dequeue is None or dequeue[0] not in body:
            raise Refusal("the queue needs one `enqueue` and one dequeue in the same block")
        estmt, ecall, enqueue_op = enqueue
        if (block := control_block_over(body, estmt)) is not None:
            raise Refusal(f"the enqueue op `{enqueue_op}` is made under `{self.code(block.items[0].item)}`: each "
                          "of the feeding thread's runs of it ran those ops too, which a generator's yield would "
                          "not; not rewritten")
        dstmt, dcall = dequeue
        for size, stmt in sizes:
            size_after_drain(up, stmt, dequeue_names, queue, self.index.lines.get(stmt))
        plan.removed.append(estmt)
        placeholders, defs = enqueued_placeholders(self, ecall, body, plan, len(dtypes.elements))
        wraps = getattr(self, "wraps", None) or {}
        shapes = component_shapes(args, defs, many, self.code, frozenset(j for j, w in wraps.items() if w[2]))
        self.fed = True  # from here on, a refusal is about a feed-thread queue
        check_padding(args, kind)
        self.sites_note = ""  # (set by ``_generator``: several enqueue sites, a coordinator's guard gone)
        source, extra = self._generator(enqueue_op, close_ops, queue, close_runs, placeholders, body, plan, module)
        if sizes:
            source = self._drained_sizes(sizes, source, extra, queue, dcall, many, plan)
        dataset = self.fresh("dataset")
        text = printer.dataset_text(self.v1, source, shapes, dtypes, kind, args, dcall, many, self.code, wraps)
        dataset_assign = cst.parse_statement(f"{dataset} = {text}\n")
        small = dstmt.body[0]
        plan.replace_at = dstmt
        blank = [cst.EmptyLine(indent=False)]
        extra = [e if k == 0 else e.with_changes(leading_lines=blank) for k, e in enumerate(extra)]
        plan.new = [*extra, dataset_assign.with_changes(leading_lines=blank),
                    dstmt.with_changes(body=[small.with_changes(value=cst.parse_expression(dequeued(
                        emit.one_shot_get_next(self.v1, dataset), len(dtypes.elements), bool(queue_names(args)),
                        small)))], leading_lines=())]
        plan.comment = printer.comment("queue", "the feeding loop", many, kind, args, self.code) + self.sites_note + (
            f"; {self.shared_note}" if self.shared_note else "") + (
            f"; its fill-level summar{'y' if len(summaries) == 1 else 'ies'} dropped (tf.data has no queue to "
            "measure)" if summaries else "")
        # (``dtypes = [...]`` read only by the placeholders and the queue, which went: ``local_lists.py``)
        plan.removed += dead_lists(body, plan.removed, " ".join([text, *(self.code(e) for e in extra)]))
        return plan

    def _drained_sizes(self, sizes, source: str, extra: list, queue: str, dcall: cst.Call, many: bool,
                       plan: FeedPlan) -> str:
        """Each ``queue.size()`` read after the drain becomes what legacy's queue holds then (``drained.py``):
        nothing after a ``dequeue()``/``dequeue_up_to`` drain; after a ``dequeue_many(n)`` drain, the rows the
        feeding loop gave mod ``n``, counted by a generator around it (the one ``from_generator`` reads). Returns the
        generator the dataset reads."""
        method = dcall.func.attr.value if isinstance(dcall.func, cst.Attribute) else "dequeue"
        v1 = self.v1
        if method == "dequeue_many" and many:  # (the generator yields batches: a count of rows is not its yields)
            raise Refusal(f"`{queue}.size()` is read after a `dequeue_many` drain of a queue filled by `enqueue_many`: "
                          "the short tail it leaves is not counted by the rewrite; `migrate --to compat` runs it "
                          "unchanged through the drop-in")
        if method == "dequeue_many":
            count = self.fresh(f"{queue}_rows")
            counted = self.fresh(f"{source}_counted")
            taken = dequeue_count(dcall)
            n = self.code(taken) if isinstance(taken, (cst.Name, cst.Integer, cst.Attribute)) \
                else f"({self.code(taken)})"
            extra.append(cst.parse_statement(f"{count} = [0]  # the rows fed: legacy's queue keeps the last "
                                             f"{count}[0] % {n} (dequeue_many's short tail)\n"))
            extra.append(cst.parse_statement(f"def {counted}():\n    for row in {source}():\n"
                                             f"        {count}[0] += 1\n        yield row\n"))
            value = cst.parse_expression(f"{v1}.py_function(lambda: {count}[0] % {n}, [], {v1}.int32)")
            what = f"the rows fed mod {n} (the short tail `dequeue_many` leaves)"
        else:
            value = cst.parse_expression(f"{v1}.constant(0, {v1}.int32)")
            what = "0"
            count = None
        for size, stmt in sizes:
            plan.replaced[stmt] = [stmt.deep_replace(size, value)]
        self.sites_note += f"; `{queue}.size()` read after the drain is {what}, as legacy's"
        return counted if count is not None else source

    def _generator(self, enqueue_op: str, close_ops: list[str], queue: str, close_runs, placeholders: list[str],
                   body, plan: FeedPlan, module):
        """(the generator's source text, statements to put before the dataset)."""
        definition = next(s for s in plan.removed if enqueue_op in assigned(s))
        refs = self._refs(enqueue_op, definition)
        uses = [self._holder(r) for r in refs]
        fns = [s for s in body if isinstance(s, cst.FunctionDef)]
        holder = [f for f in fns if any(id(st) in _node_ids(f) for _, st in uses)]
        handed = bool(refs) and all(any(any(n is r for n in nodes_of(c, cst.Name)) for c in self.index.threads)
                                    for r in refs)  # (the op is only handed to a thread: the thread's function runs it)
        passed = None
        # (several runs of the op in the one feeding function: a chunk when full, the rest after the loop)
        if not uses or len(holder) != 1 or handed or not all(id(st) in _node_ids(holder[0]) for _, st in uses):
            for _, stmt in uses:
                if sub := _thread_subclass_given(module, stmt, enqueue_op) if module is not None else None:
                    raise Refusal(f"`{enqueue_op}` is handed to `{sub}`, a `threading.Thread` subclass whose `run` "
                                  "feeds it: not rewritten yet; `--fallback compat` runs it through the drop-in")
            passed = passed_feeder(self, refs, body, enqueue_op, queue, close_ops, placeholders, self.list_name)
            if passed is None:
                returned = [st for _, st in uses if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1
                            and isinstance(st.body[0], cst.Return)]
                if returned:  # (the caller hands it on: round 57's ``build_start_nodes`` / ``threads_ready``)
                    line = self.index.lines.get(returned[0])
                    raise Refusal(f"the enqueue op `{enqueue_op}` is returned{f' (line {line})' if line else ''}: "
                                  "the threads its caller starts on it (there, or through another function) are "
                                  "not followed, so what feeds the queue is not known here; `migrate --to compat` "
                                  "runs it unchanged through the drop-in")
                raise Refusal("the enqueue op is not run by exactly one feeding function in the same block")
        fn = passed.fn if passed is not None else holder[0]
        params = fn.params
        if not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params \
                or params.star_kwarg is not None or params.posonly_params or fn.decorators:
            raise Refusal(f"the feeding function `{fn.name.value}` takes *args, **kwargs or keyword-only parameters")
        op, fed, list_name = enqueue_op, placeholders, self.list_name
        closes, queue_name = close_ops, queue
        if passed is not None:  # the function's own names for what the thread hands it
            op, fed, list_name, closes, queue_name = passed.enqueue, passed.placeholders, passed.list_name, \
                passed.closes, passed.queue
            if any(f is fn for f in fns):  # (a closure of the block: the close op it reads there, not handed it)
                own = {p.name.value for p in params.params}
                closes = [*closes, *(c for c in close_ops if c not in own and c not in closes)]
            runs_of = [st for st in nodes_of(fn, cst.SimpleStatementLine) if session_of(st, op) is not None]
            sess = _one_session(runs_of, op) or _default_session(fn, op)
        else:
            sess = _one_session([st for _, st in uses], enqueue_op) or _default_session(fn, enqueue_op)
        if sess is None:
            raise Refusal("the enqueue op is run other than by `<session>.run(enqueue_op, feed_dict={...})` of one "
                          "session")
        names = [p.name.value for p in params.params]
        is_close = lambda op: (isinstance(op, cst.Name) and op.value in closes) or is_close_call(  # noqa: E731
            op, lambda q: name_key(q) == queue_name)
        key, zipped, taken = name_key, None, None
        if self.held is not None:  # placeholders held by a dict or list: ``d['k']`` / ``phs[j]`` under its name here
            holder = dataclasses.replace(self.held, name=list_name)
            key, zipped, taken = held_key(holder, name_key), zip_keys(holder), names_in(fn)
        rewriter = ToGenerator(sess, op, is_close, fed, key, "function", list_name,
                               queue_names(self.queue_arguments), zipped, taken)
        read = fn  # (``enqueue_op.run(feed_dict=...)`` on the default session: read as the session's runs)
        if passed is not None and passed.unpacks:  # (``x, y = phs`` of the placeholders handed whole: it goes)
            read = fn.with_changes(body=fn.body.with_changes(body=[
                s for s in fn.body.body if not any(s is u for u in passed.unpacks)]))
        if passed is not None and passed.indexed:  # (``phs[k]`` of the placeholders handed whole: a name each)
            read = read.visit(IndexedAsNames(passed.indexed))
        wrapped = passed.wrapped if passed is not None else None
        countdown = countdown_close(self, module, fn, sess, closes, wrapped.called if wrapped is not None
                                    else fn.name.value) if module is not None and sess != DEFAULT_SESSION else None
        if countdown is not None:  # (the last thread to end closes: the generator's end, after every thread's)
            read = without_countdown(read, countdown)
            plan.removed.append(countdown.setting)
        if sess == DEFAULT_SESSION:
            read = default_runs(read, lambda node: name_key(node) == op or is_close(node))[0]
        new_body = inline_feeds(read, sess).body.visit(rewriter)
        if why := rewriter.check(fn.name.value):
            raise Refusal(why)
        check_default_runs(fn.name.value, new_body, sess)
        if self.held is not None and passed is None and self.held.name in names_in(new_body):
            raise Refusal(f"`{fn.name.value}` reads `{self.held.name}` beyond feeding its placeholders")
        plan.removed.append(fn)
        if passed is not None:
            plan.removed.extend(passed.named)  # (``phs = (x_ph, y_ph)`` handed to the thread by its name)
        coords = coordinator_params(fn, sess)
        self.sites_note = sites_note(fn, rewriter.yields, coords)
        if countdown is not None:
            self.sites_note += ("; the last of its threads to end closed the queue (a countdown under a lock): the "
                                "data end after every thread's part, where the generator ends")
        if coords:
            new_body = new_body.visit(DropChecks(coords))
        check_consumer_state(fn, new_body, module, self.index.threads)  # (what is changed after the start)
        drop = [j for j, n in enumerate(names) if n == sess or n in coords]
        if passed is not None:
            drop = sorted({*drop, *passed.drop})
            gone = [names[j] for j in passed.drop] + passed.unpacked
            if left := dropped_params_left(new_body, gone):
                raise Refusal(f"`{fn.name.value}` reads `{left}` beyond the enqueue and close")
        new_params = [p for j, p in enumerate(params.params) if j not in drop]
        if new_params:
            new_params[-1] = new_params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        generator = fn.with_changes(params=params.with_changes(params=new_params), body=new_body, leading_lines=())
        threads = thread_plumbing(self, fn, drop, body, module, close_ops, queue, close_runs, plan, wrapped)
        if rewriter.closes and module is not None and (
                why := plain_close_after_feeder(self, module, fn, queue, self.close_calls, definition)):
            raise Refusal(why)
        if rewriter.closes and threads.count > 1:
            raise Refusal(f"each of the threads running `{fn.name.value}` closes the queue; which one's data "
                          "legacy delivers is a race, not rewritten")
        inside = _node_ids(fn)
        owner = self.held.owner if self.held is not None else None  # (handed in: its function's reads alone)
        mine = {id(n) for n in nodes_of(owner.body, cst.Name)} if owner is not None else None
        views = {id(n) for s in (self.held.views if self.held is not None else []) for n in nodes_of(s, cst.Name)}
        for name in placeholders + close_ops + ([self.list_name] if self.list_name else []):
            for r in self.index.refs.get(name, []):
                if self.scopes is not None and not self.scopes.same_binding(r, definition, name):
                    continue  # (another function's local of the same spelling)
                if mine is not None and name == self.list_name and id(r) not in mine:
                    continue
                if id(r) in views:  # (the line making the list view of the placeholders stays, unread)
                    continue
                if id(r) not in inside and not any(id(r) in _node_ids(s) for s in plan.removed):
                    raise Refusal(f"`{name}` is used outside the queue and its feeding function")
        if passed is not None and fn not in body:  # a module-level feeder stays where it is, a generator now
            plan.removed.remove(fn)
            plan.replaced[fn] = [generator.with_changes(leading_lines=fn.leading_lines)]
            if threads.single_plain:
                return wrapped.called if wrapped is not None else fn.name.value, []
        elif threads.single_plain:
            return fn.name.value, [generator]
        all_name = self.fresh(f"{wrapped.called if wrapped is not None else fn.name.value}_threads")
        lines = "".join(threads.lines)
        extra = cst.parse_statement(f"def {all_name}():\n{lines}")
        return all_name, [generator, extra] if fn in plan.removed else [extra]


def _split_feed(finder, stmt: cst.BaseStatement) -> str | None:
    """Where the function returning the queue at ``stmt`` has, in its module, a thread starter (a function handed
    a queue it enqueues on and starting a ``threading.Thread``) and a consumer (a function handed a queue it
    dequeues): the words for that split form (KittiSeg's ``create_queues`` / ``start_enqueuing_threads`` /
    ``inputs``); None otherwise. Its callers hand the queue to both, maybe from other modules: the three calls
    would have to become one pipeline at each caller, which is not followed."""
    module = getattr(finder, "module", None)
    if module is None:
        return None
    fns = [f for f in module.body if isinstance(f, cst.FunctionDef)]
    own = next((f for f in fns if any(s is stmt for s in nodes_of(f, cst.SimpleStatementLine))), None)
    if own is None:
        return None

    def handed(fn: cst.FunctionDef, methods: tuple[str, ...]) -> bool:
        params = {p.name.value for p in fn.params.params}
        return any(isinstance(c.func, cst.Attribute) and c.func.attr.value in methods and
                   isinstance(c.func.value, cst.Name) and c.func.value.value in params for c in nodes_of(fn, cst.Call))

    def line(fn: cst.FunctionDef) -> str:
        n = next((i + 1 for i, ln in enumerate(code_of(module).splitlines()) if ln.lstrip().startswith(
            f"def {fn.name.value}(")), None)
        return f"`{fn.name.value}`" + (f" (line {n})" if n else "")

    starters = [f for f in fns if f is not own and handed(f, ("enqueue", "enqueue_many")) and
                any(last_name(c.func) == "Thread" for c in nodes_of(f, cst.Call))]
    consumers = [f for f in fns if f is not own and f not in starters and
                 handed(f, ("dequeue", "dequeue_many", "dequeue_up_to"))]
    if not starters or not consumers:
        return None
    return (f"`{own.name.value}` returns it, and its callers hand it to {', '.join(map(line, starters))}, which "
            f"makes its enqueue and starts the feeding thread on the session it is handed, and to "
            f"{', '.join(map(line, consumers))}, which dequeues it: a queue split between a builder, a thread "
            "starter and a dequeuing function is not followed through those calls (each caller would have to "
            "become one pipeline); `migrate --to compat` runs it through the drop-in")


def _summaries_read(module: cst.Module) -> bool:
    """Whether ``module`` reads its summaries back (``merge_all``, ``merge``, the ``SUMMARIES`` collection): a
    fill-level summary dropped there would change what that runs."""
    text = code_of(module)
    return any(w in text for w in ("merge_all", "summary.merge", "SUMMARIES", "MergeSummary", "merge_summary"))


class _Paths:
    """``handbuilt._size_summary``'s view of the index: the TensorFlow path a call names."""

    def __init__(self, index) -> None:
        self.index = index

    def api(self, node: cst.CSTNode | None) -> str | None:
        return self.index.paths.get(node) if isinstance(node, cst.Call) else None


def _thread_subclass_given(module: cst.Module, stmt: cst.CSTNode, queue: str) -> str | None:
    """The name of a ``threading.Thread`` subclass of the module that ``stmt`` hands ``queue`` to, if any."""
    subs = {c.name.value for c in module.body if isinstance(c, cst.ClassDef) and any(
        (isinstance(b.value, cst.Attribute) and b.value.attr.value == "Thread")
        or (isinstance(b.value, cst.Name) and b.value.value == "Thread") for b in c.bases)}
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Name) and call.func.value in subs and any(
                isinstance(a.value, cst.Name) and a.value.value == queue for a in call.args):
            return call.func.value
    return None


def _node_ids(node: cst.CSTNode) -> set[int]:
    """The ids of the names and simple statements in ``node`` (which statement holds a name, by identity)."""
    return {id(n) for n in nodes_of(node, cst.Name)} | {id(n) for n in nodes_of(node, cst.SimpleStatementLine)}


def _makes_runner(finder, stmt: cst.BaseStatement) -> bool:
    """Whether ``stmt`` makes a ``QueueRunner`` (``add_queue_runner(QueueRunner(queue, [op] * k))``)."""
    return any((finder.index.paths.get(c) or "").endswith("QueueRunner") for c in nodes_of(stmt, cst.Call))


def runner_subclass(module: cst.Module, stmt: cst.BaseStatement) -> tuple[str, str] | None:
    """Where ``stmt`` makes a runner of a ``QueueRunner`` subclass of ``module`` (``class
    CountingQueueRunner(qr.QueueRunner)``, any import style), the words for it: the class, and what its overrides
    change, the methods named with their lines (a ``_run`` override: what each thread does). None: no such
    class made there."""
    if "QueueRunner" not in module.code:
        return None
    classes = {c.name.value: c for c in module.body if isinstance(c, cst.ClassDef) and any(
        (b.value.attr.value if isinstance(b.value, cst.Attribute) else getattr(b.value, "value", None))
        == "QueueRunner" for b in c.bases)}
    if not classes:
        return None
    made = next((c.func.value for c in nodes_of(stmt, cst.Call) if isinstance(c.func, cst.Name)
                 and c.func.value in classes), None)
    if made is None:
        return None
    lines = module.code.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith(f"class {made}(")), 0)
    own = [m.name.value for m in classes[made].body.body if isinstance(m, cst.FunctionDef)]
    overrides = [m for m in own if m != "__init__"]

    def at(name: str) -> str:
        n = next((i + 1 for i in range(start, len(lines)) if lines[i].lstrip().startswith(f"def {name}(")), None)
        return f"`{name}`" + (f" (line {n})" if n else "")

    if "_run" in overrides:
        why = f"whose `_run` override{at('_run')[len('`_run`'):]} changes what its threads do"
    elif overrides:
        why = f"overriding {', '.join(at(m) for m in overrides)}"
    else:
        why = "adding nothing to its threads' work"  # (a subclass that overrides nothing: still not followed)
    return made, (f"a `QueueRunner` subclass {why}: a dataset has no threads to run that code, and a rewrite "
                  "would drop it silently; not rewritten: keep the queue (`migrate --to compat`)")


def _handed_to(up, ref: cst.Name) -> cst.BaseExpression | None:
    """The callee that ``ref`` (the queue's name) is handed to as a plain argument (``f(queue, ...)``,
    ``Reader(sess, queue)``), or None; a method of the queue itself is not this."""
    arg = up.get(id(ref))
    call = up.get(id(arg)) if isinstance(arg, cst.Arg) and arg.value is ref else None
    if isinstance(call, cst.Call) and isinstance(call.func, (cst.Name, cst.Attribute)):
        return call.func
    return None


def _which_use(finder, stmt: cst.BaseStatement, queue: str | None = None) -> str:
    """`` (line N: it is returned)``: where and how a queue is used beyond the feed-thread pattern (with
    ``queue``, a plain statement's reads of its attributes are named: ``q.size()`` in a summary)."""
    line = finder.index.lines.get(stmt) if isinstance(stmt, cst.SimpleStatementLine) else None
    where = f"line {line}" if line else "a compound statement"
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if isinstance(small, cst.Return):
        if (split := _split_feed(finder, stmt)) is not None:
            return f" ({where}: {split})"
        return f" ({where}: its function returns it, and what the caller does with it is not followed)"
    if isinstance(small, (cst.Expr, cst.Assign)) and queue is not None:
        reads = list(dict.fromkeys(
            f"{queue}.{a.attr.value}" + ("()" if any(c.func is a for c in nodes_of(small, cst.Call)) else "")
            for a in nodes_of(small, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == queue))
        outer = small.value.func if isinstance(small.value, cst.Call) else None
        if reads and (outer is None or isinstance(outer, cst.Attribute) and isinstance(outer.value, cst.Name)
                      and outer.value.value == queue):
            return f" ({where}: {', '.join(f'`{r}`' for r in reads)})"
        if reads:
            spelled = ", ".join(f"`{r}`" for r in reads)
            return (f" ({where}: {spelled} read by `{finder.code(outer)}(...)`: a queue's own state, not "
                    "followed onto a dataset)")
    return f" ({where})"


def _default_session(fn: cst.FunctionDef, op: str) -> str | None:
    """``DEFAULT_SESSION`` where ``fn`` runs ``op`` only as ``op.run(feed_dict=...)`` (no ``session=``): on the
    default session, which legacy's thread must have entered (``with sess.as_default():``); else None."""
    found = [call for st in nodes_of(fn, cst.SimpleStatementLine) if (call := op_run(st)) is not None
             and name_key(call.func.value) == op]
    if not found or any(a.keyword is not None and a.keyword.value == "session" for c in found for a in c.args):
        return None
    if any(session_of(st, op) is not None for st in nodes_of(fn, cst.SimpleStatementLine)):
        return None  # (a session's run of it beside: two sessions, refused as such)
    return DEFAULT_SESSION


def _one_session(stmts: list, op: str) -> str | None:
    """The session every ``<session>.run(op, ...)`` of ``stmts`` runs on (one or more sites), or None."""
    sessions = {session_of(st, op) for st in stmts}
    return sessions.pop() if len(sessions) == 1 and stmts else None


def _handed_out(body: list[cst.BaseStatement], queue: str) -> bool:
    """``queue`` is returned by the block (``return queue``, ``return queue, op``) or declared ``global`` there:
    its dequeue may be made by a caller or another module."""
    for stmt in body:
        for ret in nodes_of(stmt, cst.Return):
            value = ret.value
            items = [e.value for e in value.elements] if isinstance(value, (cst.Tuple, cst.List)) else [value]
            if any(isinstance(v, cst.Name) and v.value == queue for v in items):
                return True
        if any(n.name.value == queue for g in nodes_of(stmt, cst.Global) for n in g.names):
            return True
    return False

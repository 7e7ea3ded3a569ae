"""What to say of a hand-built queue no rewrite took and no rewrite refused with a reason of its own (issue 17).

Each hand-built form has its rewrite: copies of one enqueue op read by ``dequeue_many``/``dequeue_up_to``
(``runner_queue.py``), a plain ``dequeue()`` (``passthrough.py`` for a FIFOQueue, ``runner_queue.py`` for a
RandomShuffleQueue), ``k`` readers' enqueue ops in a loop under a batch call (``handbuilt.py``), a queue fed
through placeholders by a Python thread (``feed/``). A queue that reaches none of them used to be called "the
feed-thread pattern", whatever fed it. ``left_queue_reason`` says instead what fills the queue, where it is
read, and the first fact that takes it out of every known form.
"""

from __future__ import annotations

import builtins

import libcst as cst
from libcst.metadata import BuiltinAssignment

from tfdata_bridge._src.migrate.bindings import reaching_reads
from tfdata_bridge._src.migrate.calls import names_in, nodes_of
from tfdata_bridge._src.migrate.queue_size import parents
from tfdata_bridge._src.migrate.value_flow import REACHES

_DROPIN = "`migrate --to compat` runs it unchanged through the drop-in"
_BATCHED = ("dequeue_many", "dequeue_up_to")


def _queue_statement(blocks, lines, line: int) -> cst.SimpleStatementLine | None:
    for body in blocks:
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine) and lines.get(stmt) == line and len(stmt.body) == 1 \
                    and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1:
                return stmt
    return None


def left_queue_reason(module: cst.Module, index, line: int, kind: str, external=None) -> str:
    """The reason a ``kind`` queue made at ``line`` is left (``index``: ``to_tfdata``'s; ``external``: the tree's
    resolver, where the module is one of a tree: its ``calls_elsewhere`` names the callers of other modules)."""
    code = module.code_for_node
    stmt = _queue_statement(index.blocks, index.lines, line)
    if stmt is None or isinstance(stmt.body[0].value, cst.ListComp):
        listed = _listed_queue_reason(module, index, line, kind)
        if listed is not None:
            return f"{listed}; {_DROPIN}"
    if stmt is None:
        from tfdata_bridge._src.migrate.queue_class_choice import class_choice_reason

        chosen = class_choice_reason(module, line, kind)
        if chosen is not None:
            return f"{chosen}; {_DROPIN}"
        return (f"a `{kind}` made where no name holds it (inline, or one of several targets) is in no form the "
                f"rewrite knows; {_DROPIN}")
    target = stmt.body[0].targets[0].target
    q = code(target).strip()
    up = parents(module)
    fn = up.get(id(stmt))
    while fn is not None and not isinstance(fn, cst.FunctionDef):
        fn = up.get(id(fn))
    scope: cst.CSTNode = fn if fn is not None else module
    where = f"`{fn.name.value}`" if fn is not None else "the module"
    methods: dict[str, list[cst.Call]] = {}
    for call in nodes_of(scope, cst.Call):
        if isinstance(call.func, cst.Attribute) and code(call.func.value).strip() == q:
            methods.setdefault(call.func.attr.value, []).append(call)
    enqueues = [*methods.get("enqueue", []), *methods.get("enqueue_many", [])]
    placeholders = {t for s in nodes_of(scope, cst.SimpleStatementLine) for small in s.body
                    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call)
                    and (index.paths.get(small.value) or "").endswith("placeholder")
                    for t in [code(small.targets[0].target).strip()]}
    fed = any(names_in(call) & placeholders for call in enqueues) if placeholders else False
    runner = any((index.paths.get(c) or "").endswith("QueueRunner") for c in nodes_of(scope, cst.Call))
    looped = any(isinstance(up.get(id(n)), cst.For) or _in_loop(up, call, scope) for call in enqueues
                 for n in [call])
    makers: list[str] = []
    filling: list[str] = []
    if not enqueues:
        fill = "no enqueue op in the function that makes it"
        makers = _enqueuing_helpers(module, scope, q, index.lines, up)
        if makers:
            fill = "the enqueue ops that " + ", ".join(makers) + (" makes" if len(makers) == 1 else " make") + \
                ", each call handed the queue,"
        elif handed := _enqueuing_classes(module, scope, q, index.lines, up):
            fill = ("the enqueue op that the constructor of " + ", ".join(handed) + " makes of the queue handed to "
                    "it, run from that object's own thread (a queue handed to another class's `__init__` is not "
                    "followed by the feed-thread rewrite: it reads a queue, its enqueue op and its feeding method "
                    "made on one instance),")
        elif filling := _filling_methods(module, scope, q, index.lines, up):
            fill = ("the enqueue ops that " + ", ".join(filling) + (" makes" if len(filling) == 1 else " make") +
                    " of the queue handed to its object (a method of another object, not the function that makes "
                    "the queue),")
    elif fed:
        fill = "Python code through placeholders (the feed-thread pattern)"
    elif runner:
        fill = (f"{'enqueue ops made in a loop' if looped else 'an enqueue op of graph code'} run by a "
                "`QueueRunner`")
    else:
        fill = "enqueue ops run by the program itself (no `QueueRunner`)"
    dequeues = [m for m in ("dequeue", *_BATCHED) if m in methods]
    returned = fn is not None and isinstance(target, cst.Name) and any(
        _gives(r.value, q) for r in nodes_of(scope, cst.Return))  # the queue itself, not its dequeue
    value = stmt.body[0].value
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "from_list":
        args = ", ".join(code(a.value).strip() for a in value.args)
        from tfdata_bridge._src.migrate.switched_queues import switch_reason

        why = switch_reason(module, stmt, external)
        return (f"`{q}` is `{code(value.func).strip()}({args})` (line {line}), made in {where}: a queue that reads, "
                "at each run, whichever of the queues its index selects; it becomes one iterator per dataset and "
                "the selected one's `get_next` (`switch_case`) where each queue it selects is an input producer "
                "made once in its function and read only through it, and the queue is dequeued at one place, once "
                "(in its function, or in a helper handed it, called once, not in a loop) and used by nothing else"
                + (f"; here {why}" if why else "") + "; " + _DROPIN)
    head = f"`{q}` (a `{kind}` made in {where}) is filled by {fill}"
    returned_dequeue = fn is not None and any(
        isinstance(r.value, cst.Call) and isinstance(r.value.func, cst.Attribute)
        and r.value.func.attr.value in ("dequeue", *_BATCHED) and code(r.value.func.value).strip() == q
        for r in nodes_of(scope, cst.Return))
    chosen = _chosen_by_branch(module, scope, stmt, q, index)
    held = _held_elsewhere(module, fn, up, target, index.lines) if isinstance(target, cst.Attribute) else None
    if held is not None and runner and not fed and dequeues:  # (read elsewhere alone: said below)
        why = held
    elif returned and fed:
        why = ("and returned to its callers, which feed and read it: a queue fed through placeholders is "
               "rewritten only where the queue, its enqueue op and its feeding thread are in one function or class")
        why += _feeders(module, fn, code, q)
    elif returned:
        back = next((index.lines.get(s) for s in nodes_of(scope, cst.SimpleStatementLine) for r in s.body
                     if isinstance(r, cst.Return) and _gives(r.value, q)), None)
        back = f" (its `return` at line {back})" if back else ""
        why = (f"and returned to its callers, which read it{back}: a returned queue is followed only to the one "
               "call of its function in the tree (in its module, or in another module of the tree, where the "
               "function's statements are moved to the call), whose caller batches the queue with one "
               "`dequeue_many`/`dequeue_up_to` as its only use" + _returned_callers(module, fn, external))
        if looped and runner:
            why = (f"and returned to its callers, which read it{back}: a returned queue is followed only to the one "
                   "call of its function in the tree (in its module or another module of the tree), where the caller "
                   "batches the queue with one `dequeue_many`/`dequeue_up_to` after the call or dequeues it once "
                   "per preprocessing copy into a `batch_join` of its own (the \"prefetch input data\" pattern)"
                   + _prefetch_callers(module, fn, index, external))
    elif chosen is not None and not fed and dequeues:
        why = ("and read by `" + "`, `".join(dequeues) + "`, but the queue itself is chosen by a branch: "
               f"{chosen}; the enqueue op, its runner and the dequeue after the `if` take whichever queue was made. "
               "The rewrite makes that a choice of two chains where each branch only makes the queue (the same "
               "`dtypes` and `shapes`, no `shared_name=` or `names=`), the queue filled by k readers' enqueue ops in "
               "a `for _ in range(k):` loop under one `QueueRunner` and dequeued once, in the function that batches "
               "it or in a module function that returns the dequeue (of this module, called once, or of another "
               "module of the tree); or where each "
               "branch, given its copy of them, is a queue filled by `[enqueue_op] * k` under one `QueueRunner` and "
               "read by `dequeue_many` / `dequeue_up_to` over elements made before an `if`/`else` of two branches, "
               "and every pipeline of the function is then rewritten; here one of those is not so")
        if returned_dequeue:
            owner = up.get(id(up.get(id(fn)))) if fn is not None else None
            if isinstance(owner, cst.ClassDef):
                from tfdata_bridge._src.migrate.provider_inline import reader_object_refusal

                said = reader_object_refusal(owner)
                why += (f" (`{fn.name.value}`, a method of `{owner.name.value}`, returns the dequeue: it is followed "
                        "where the object is made once in the function that batches, named there only by "
                        "`names = obj.method(...)` calls, its class keeping only its arguments in `__init__` and "
                        "setting no attribute elsewhere, its methods inlined at the call; "
                        + (f"here {said}" if said else "here the object is made or read otherwise, or its "
                           "arguments are not plain") + ")")
            elif (handed := _handed_reader(fn, code)) is not None:
                why += (f" (`{fn.name.value}` returns the dequeue, but its readers are made by `{handed[1]}`, "
                        f"calling `{handed[0]}`, a reader class its caller hands in: such a helper is followed only "
                        "where every call of it in the tree hands the same TensorFlow reader class by name "
                        "(`tf.TFRecordReader`, or leaves a default that is one), and then as one that makes that "
                        "reader itself; here the calls do not (a class read off an object or chosen at run time, "
                        "calls that differ), or the helper so written would still be left as the rules above say)")
            else:
                why += (f" (`{fn.name.value}` returns the dequeue: followed only where it is a module function, "
                        f"called once in its module or called from another module, whose last statement is "
                        f"`return {q}.dequeue()` (its op named or not, perhaps the last statement of a `with` graph scope that "
                        "ends the function))")
    elif filling and not dequeues:
        why = (f"and read through that object: the k-reader form is rewritten where the readers' enqueue ops (a "
               "`for` loop over `range(k)`), their `QueueRunner` and the one dequeue stand in the function that makes "
               "the queue, or in a helper of this module or another of the tree whose last statement is `return "
               "queue.dequeue()` (`_, value = helper(files, ...)`); a queue filled in a method of an object it is "
               "handed to is followed only where that object is a reader pool of this module made and read at once "
               "(slim's `return ParallelReader(reader_class, queue, num_readers=k).read(filename_queue)`: its "
               "`__init__` making the readers and keeping the queue, its method their enqueue ops, runner and "
               "dequeue), and the pipeline so written out is then rewritten (else write the readers' loop where the "
               "queue is made)")
    elif not dequeues:
        why = (f"and read outside {where} (on an attribute, or through another name), where no rewrite took "
               "its read (a note at the read says why, where it is a batch or a dequeue the rewrite follows)")
    elif len(enqueues) > 1:
        why = "by more than one enqueue op: its threads do not run copies of one op, so no one chain makes it"
    elif dequeues == ["dequeue"] and not fed and not runner and (drained := _size_drains(scope, q, index.lines, up)):
        at = f" (line {drained})" if drained > 0 else ""
        why = (f"and drained by size: its `dequeue()` is run `{q}.size()` times{at} after the program's own "
               "enqueue runs, so each drain takes what those runs put in; a dataset has no fill level to count, "
               "and such drains (a fill, then as many dequeues as it holds) are not rewritten yet")
    elif dequeues == ["dequeue"] and looped and _joined(scope, index):
        why = ("and read by a plain `dequeue()` whose tensor copies of per-element code take into a "
               "`batch_join` (the \"prefetch input data\" pattern): a loop of readers' enqueue ops is rewritten "
               "only under a `batch`/`shuffle_batch` of the dequeued tensors; the readers as an interleave with the "
               "copies' code mapped is not done yet")
    elif dequeues == ["dequeue"] and looped:
        why = ("and read by a plain `dequeue()` that no batch call takes: a loop of readers' enqueue ops is "
               "rewritten under a `batch`/`shuffle_batch` of the dequeued tensors only")
    elif dequeues == ["dequeue"] and kind not in ("FIFOQueue", "RandomShuffleQueue"):
        why = f"and read by a plain `dequeue()`: a `{kind}` read one element at a time is not rewritten yet"
    elif fed:
        why = "and read by `" + "`, `".join(dequeues) + "`: the feed rewrite did not recognise its feeding " \
              "thread in the same function or class"
    else:
        why = ("and read by `" + "`, `".join(dequeues) + "`, in no form the rewrite knows (copies of one "
               "enqueue op run by a `QueueRunner` and read by one dequeue, in the function that makes the queue)")
        if not enqueues and makers:
            why = ("and read by `" + "`, `".join(dequeues) + "`: the rewrite follows copies of one enqueue op made "
                   "in the function that makes the queue (run by a `QueueRunner`, read by one dequeue), not the "
                   "enqueue ops a function it calls makes")
        reads = [c for m in ("dequeue", *_BATCHED) for c in methods.get(m, [])]
        other = [m for m in methods if m not in ("enqueue", "enqueue_many", "close", "dequeue", *_BATCHED)]
        block = _with_of(up, stmt)
        if block is not None and len(reads) == 1 and not any(n is reads[0] for n in nodes_of(block, cst.Call)):
            why = (f"and read by `{reads[0].func.attr.value}` outside the `with {code(block.items[0].item).strip()}"
                   ":` block that makes the queue, its enqueue op and its runner: the rewrite follows them in the "
                   "block the dequeue is in (a name scope only names the ops; make the queue's ops and its dequeue "
                   "in one block)")
        elif len(reads) > 1:  # (the first fact off the form: said instead of the form's name)
            why = (f"and read by {len(reads)} dequeues (`" + "`, `".join(f"{q}.{c.func.attr.value}" for c in reads)
                   + "`): each takes other elements, so no one chain of tf.data makes them; the rewrite knows one "
                   "dequeue of copies of one enqueue op run by a `QueueRunner`")
        elif other:
            why = ("and read by `" + "`, `".join(dequeues) + "`, and also by `" +
                   "`, `".join(f"{q}.{m}(...)" for m in other) + "`, which a dataset has no counterpart of here; "
                   "the rewrite knows one dequeue of copies of one enqueue op run by a `QueueRunner`")
    return f"{head} {why}; {_DROPIN}"


def _held_elsewhere(module: cst.Module, fn, up, target: cst.Attribute, lines) -> str | None:
    """Words on a queue kept on ``self`` (``self.queue = RandomShuffleQueue(...)``) that another method of its
    class, or code outside it, also names (``self.queue.size()``): the reason ``held_runner.py`` does not take
    it. None where only its own method names it."""
    me = fn.params.params[0].name.value if fn is not None and fn.params.params else None
    cls = up.get(id(up.get(id(fn)))) if fn is not None else None
    if not (isinstance(cls, cst.ClassDef) and isinstance(target.value, cst.Name) and target.value.value == me):
        return None
    attr = target.attr.value
    held = {attr} | {t.target.attr.value for a in nodes_of(fn, cst.Assign) for t in a.targets  # (its enqueue ops)
                     if isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name)
                     and t.target.value.value == me and isinstance(a.value, cst.Call)
                     and isinstance(a.value.func, cst.Attribute)
                     and a.value.func.attr.value in ("enqueue", "enqueue_many")
                     and isinstance(a.value.func.value, cst.Attribute) and a.value.func.value.attr.value == attr}
    from tfdata_bridge._src.migrate.held_runner import _other_objects

    mine = {id(n) for n in nodes_of(fn, cst.Attribute)} | _other_objects(module, cls)
    others = [a for a in nodes_of(module, cst.Attribute) if a.attr.value in held and id(a) not in mine]
    if not others:
        return None
    said = []
    for a in others[:3]:
        node, line = a, None
        while node is not None and line is None:
            line = lines.get(node) if isinstance(node, cst.SimpleStatementLine) else None
            node = up.get(id(node))
        owner = up.get(id(a))
        while owner is not None and not isinstance(owner, cst.FunctionDef):
            owner = up.get(id(owner))
        at = f"`{owner.name.value}`" if owner is not None else "the module"
        said.append(f"`{me}.{a.attr.value}` in {at}{f' (line {line})' if line else ''}")
    return (f"and named elsewhere: {', '.join(said)}; a queue, its enqueue op and its runner kept on `{me}` are "
            "rewritten only where nothing but the runner's start (`create_threads(..., start=True)` or "
            "`add_queue_runner`) names them outside the method that makes them; a `size()`, a second dequeue or "
            "another enqueue elsewhere has no dataset counterpart (make them in that method, or drop the other use)")


def _listed_queue_reason(module: cst.Module, index, line: int, kind: str) -> str | None:
    """What to say of a queue made into a list (``self.queues.append(tf.PaddingFIFOQueue(...))`` in a loop, or a
    list comprehension of queues): one queue per element, none held by a name; where a ``tf.case`` / ``tf.cond``
    of the same function picks which one's enqueue runs, it is a hand-written bucketing (NMT's length buckets).
    None where the queue at ``line`` is not made so."""
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped

    code = module.code_for_node
    pos = wrapped(module).resolve(PositionProvider)
    up = parents(module)
    made = [c for c in nodes_of(module, cst.Call) if c in pos and pos[c].start.line == line
            and (index.paths.get(c) or "").endswith(kind)]
    if len(made) != 1:
        return None
    call = made[0]
    parent = up.get(id(call))
    holder = up.get(id(parent)) if isinstance(parent, cst.Arg) else None
    comp = parent if isinstance(parent, cst.ListComp) and parent.elt is call else None
    if isinstance(holder, cst.Call) and isinstance(holder.func, cst.Attribute) and \
            holder.func.attr.value == "append" and len(holder.args) == 1:
        listed = code(holder.func.value).strip()
        loop = up.get(id(holder))
        while loop is not None and not isinstance(loop, (cst.For, cst.While, cst.FunctionDef)):
            loop = up.get(id(loop))
        if not isinstance(loop, (cst.For, cst.While)):
            return None
        made_how = (f"`{kind}`s appended to the list `{listed}`, one per turn of the loop at line "
                    f"{pos[loop].start.line if loop in pos else '?'}")
    elif comp is not None:
        assign = up.get(id(comp))
        listed = code(assign.targets[0].target).strip() if isinstance(assign, cst.Assign) and \
            len(assign.targets) == 1 else "a list comprehension"
        made_how = f"`{kind}`s made by a list comprehension (`{listed}`), one per element"
    else:
        return None
    fn = up.get(id(call))
    while fn is not None and not isinstance(fn, cst.FunctionDef):
        fn = up.get(id(fn))
    scope: cst.CSTNode = fn if fn is not None else module
    branch = next((c for c in nodes_of(scope, cst.Call) if (index.paths.get(c) or "").rsplit(".", 1)[-1]
                   in ("case", "cond", "switch_case")), None)
    reads = sorted({c.func.attr.value for c in nodes_of(scope, cst.Call) if isinstance(c.func, cst.Attribute)
                    and c.func.attr.value in ("dequeue", *_BATCHED)})
    said = f"{made_how}, so that no name holds any of them"
    if branch is not None:
        at = pos[branch].start.line if branch in pos else "?"
        said += (f"; which queue an element goes to is chosen by `{code(branch.func).strip()}` (line {at}) over "
                 "their enqueue ops: a hand-written bucketing")
    if reads:
        said += ", each queue read by its own `" + "`, `".join(reads) + "`"
    return (said + ". Not rewritten: the rewrite follows a queue one name holds, and tf.data's bucketing "
            "(`group_by_window` / `bucket_by_sequence_length` with padded batches) makes one stream whose batches "
            "come as each bucket fills, whereas each of these queues is filled and read on its own, in the order "
            "the program runs its ops (a bucket drained to its partial last batch before the next): the same "
            "batches in the same order are not assured")


def _with_of(up, stmt: cst.CSTNode) -> cst.With | None:
    """The ``with`` statement whose body holds ``stmt`` (None: ``stmt`` is not directly in one)."""
    block = up.get(id(stmt))
    holder = up.get(id(block)) if isinstance(block, cst.IndentedBlock) else None
    return holder if isinstance(holder, cst.With) and holder.items else None


def _chosen_by_branch(module: cst.Module, scope: cst.CSTNode, stmt: cst.SimpleStatementLine, q: str, index
                      ) -> str | None:
    """``"`q` is made in each branch of `if mode == 'train'` (lines 55, 66)"`` where the queue's name is assigned
    a queue in more than one branch of one ``if`` of ``scope`` (ResNet's ``build_input``); None otherwise."""
    code = module.code_for_node
    up = parents(module)
    made = [s for s in nodes_of(scope, cst.SimpleStatementLine) if len(s.body) == 1 and isinstance(s.body[0], cst.Assign)
            and len(s.body[0].targets) == 1 and code(s.body[0].targets[0].target).strip() == q
            and "Queue" in (index.paths.get(s.body[0].value) or "")]
    if len(made) < 2 or stmt not in made:
        return None
    node = up.get(id(stmt))
    while node is not None and node is not scope and not isinstance(node, cst.If):
        node = up.get(id(node))
    if not isinstance(node, cst.If):
        return None
    top = node
    while isinstance(up.get(id(top)), cst.If) and up[id(top)].orelse is top:
        top = up[id(top)]
    inside = {id(n) for n in nodes_of(top, cst.SimpleStatementLine)}
    if sum(id(s) in inside for s in made) < 2:
        return None
    lines = [index.lines.get(s) for s in made if id(s) in inside]
    at = ", ".join(str(n) for n in lines if n)
    return (f"`{q}` is made in each branch of `if {code(top.test).strip()}`" + (f" (lines {at})" if at else ""))


def _prefetch_callers(module: cst.Module, fn: cst.FunctionDef, index, external=None) -> str:
    """What the callers of ``fn`` (a helper returning a runner-filled queue) in ``module`` and in the tree's other
    modules do instead (round 21's im2txt: the caller is a model class of another module, which hands the copies'
    list to a batch helper; two callers, each reading its own queue)."""
    callers = [other for other in nodes_of(module, cst.FunctionDef) if other is not fn and any(
        isinstance(c.func, cst.Name) and c.func.value == fn.name.value for c in nodes_of(other, cst.Call))]
    elsewhere = getattr(external, "calls_elsewhere", None)
    others = elsewhere(fn.name.value) if elsewhere is not None else []
    if others and len(callers) + len(others) > 1 or not callers and len(others) == 1:
        where = []
        for call, stmt, other_module, _ in others:
            holder = next((f.name.value for f in nodes_of(other_module, cst.FunctionDef)
                           if any(s is stmt for s in nodes_of(f, cst.SimpleStatementLine))), None)
            where.append(f"`{holder}`" if holder else "a module's top level")
        where += [f"`{c.name.value}`" for c in callers]
        if len(where) > 1:
            return (f"; here `{fn.name.value}` is called {len(where)} times in the tree (by " + ", ".join(where) +
                    "): each call makes a queue of its own that its caller reads, and the helper's statements "
                    "stand at each call only where all its calls are in one module and each caller reads its queue "
                    "in that form; keep the queue (`migrate --to compat`), or give each caller a helper of its own")
        return (f"; its one caller in the tree, {where[0]} of another module, reads it in another form (not one "
                "`dequeue_many`/`dequeue_up_to` of the name the call binds, later in the same block, nor one "
                "`dequeue()` per copy of a join), or the helper reads a name the caller's module means otherwise")
    if not callers:
        return (f"; `{fn.name.value}` is called by no function of this module, nor of the tree being migrated "
                "(keep the queue, or migrate the modules that call it with it)")
    if len(callers) > 1:
        return f"; here {len(callers)} functions call `{fn.name.value}`, and each would need its own rewrite"
    if not _joined(callers[0], index):
        return (f"; here `{callers[0].name.value}` joins no copies of it with a `batch_join` of its own (a list "
                "handed to a batch helper is not followed yet)")
    return f"; `{callers[0].name.value}` reads it in another form (the note at its join says why)"


def _returned_callers(module: cst.Module, fn: cst.FunctionDef, external=None) -> str:
    """What the callers of ``fn`` (a function returning a runner-filled queue, read in batches where it is
    rewritten) in ``module`` and in the tree's other modules do instead: called more than once, by none, or once
    with the queue read otherwise (a second read, ``size()``, a plain ``dequeue()`` of an ``enqueue_many``)."""
    callers = [other for other in nodes_of(module, cst.FunctionDef) if other is not fn and any(
        isinstance(c.func, cst.Name) and c.func.value == fn.name.value for c in nodes_of(other, cst.Call))]
    elsewhere = getattr(external, "calls_elsewhere", None)
    others = elsewhere(fn.name.value) if elsewhere is not None else []
    where = []
    for _, stmt, other_module, _ in others:
        holder = next((f.name.value for f in nodes_of(other_module, cst.FunctionDef)
                       if any(s is stmt for s in nodes_of(f, cst.SimpleStatementLine))), None)
        where.append((f"`{holder}`" if holder else "a module's top level") + " of another module")
    where += [f"`{c.name.value}`" for c in callers]
    if not where:
        return (f"; `{fn.name.value}` is called by no function of this module, nor of the tree being migrated "
                "(keep the queue, or migrate the modules that call it with it)")
    if len(where) > 1:
        return (f"; here `{fn.name.value}` is called {len(where)} times (by " + ", ".join(where) + "): each call "
                "makes a queue of its own that its caller reads, and each would need its own rewrite; keep the "
                "queue, or give each caller a function of its own")
    return (f"; its one caller, {where[0]}, reads it otherwise (not one `dequeue_many`/`dequeue_up_to` of the "
            "name the call binds, later in the same block and run once per call, as the queue's only use: a plain "
            "`dequeue()`, `size()`, `close()`, a second dequeue), or, in another module, the function is not "
            "straight assignments ending in `return queue` or reads a name the caller's module means otherwise")


def _feeders(module: cst.Module, fn: cst.FunctionDef, code, q: str | None = None) -> str:
    """What the callers of ``fn`` (a builder returning a queue fed through placeholders) do with it, for the
    reason: the functions that call it and the thread targets they start (held-out round 12's replay actors),
    and a call the caller hands the queue to (round 75's ``Seq2SeqInputs(queue, batch_size)``)."""
    handed = _handed_on(module, fn, code, q) if q is not None else ""
    out = _feeders_of(module, fn, code)
    return out + handed


def _handed_on(module: cst.Module, fn: cst.FunctionDef, code, q: str) -> str:
    """``; `main` hands it to `model.Inputs(...)` (line N), which reads it there`` where a caller of ``fn``
    unpacks the queue it returns (``queue, op, ... = fn()``) and passes it to a call other than ``fn`` and a
    thread's."""
    rets = [r.value for r in nodes_of(fn, cst.Return) if isinstance(r.value, cst.Tuple)]
    at = next((k for k, e in enumerate(rets[0].elements) if isinstance(e.value, cst.Name) and e.value.value == q),
              None) if len(rets) == 1 else None
    if at is None:
        return ""
    for other in nodes_of(module, cst.FunctionDef):
        for a in nodes_of(other, cst.Assign):
            if not (isinstance(a.value, cst.Call) and isinstance(a.value.func, cst.Name) and a.value.func.value ==
                    fn.name.value and len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Tuple)):
                continue
            names = a.targets[0].target.elements
            held = names[at].value.value if at < len(names) and isinstance(names[at].value, cst.Name) else None
            for c in nodes_of(other, cst.Call):
                if c is a.value or any(x.keyword is not None and x.keyword.value == "target" for x in c.args):
                    continue
                if held is not None and any(isinstance(x.value, cst.Name) and x.value.value == held for x in c.args):
                    shown = code(c.func).strip()
                    return (f"; `{other.name.value}` hands the queue to `{shown}(...)`, which reads it there: the "
                            "dataset would stand at that read, and a fed queue handed to a call (a class of another "
                            f"module) is not followed; dequeue it in `{other.name.value}` and hand `{shown}` the "
                            "tensors")
    return ""


def _feeders_of(module: cst.Module, fn: cst.FunctionDef, code) -> str:
    callers, targets = [], []
    for other in nodes_of(module, cst.FunctionDef):
        if other is fn or not any(isinstance(c.func, cst.Name) and c.func.value == fn.name.value
                                  for c in nodes_of(other, cst.Call)):
            continue
        callers.append(other.name.value)
        for c in nodes_of(other, cst.Call):
            for a in c.args:
                if a.keyword is not None and a.keyword.value == "target" and isinstance(a.value, (cst.Name,
                                                                                                  cst.Attribute)):
                    name = code(a.value).strip()
                    if name not in targets:
                        targets.append(name)
    if not callers:
        return ""
    out = f" (here `{fn.name.value}` makes it and `" + "`, `".join(callers) + "` reads it"
    if targets:
        out += "; the threads of `" + "`, `".join(targets) + "` feed it or close it"
    out += (": each feeding loop would be a generator, several threads an interleave of them and a "
            "`RandomShuffleQueue` a `shuffle`, which keeps the elements and counts but needs the queue, its "
            "enqueue op, its feeders and its close followed across functions, which the rewrite does not do yet)")
    return out


def _enqueuing_helpers(module: cst.Module, scope: cst.CSTNode, q: str, lines, up) -> list[str]:
    """```f` (line N)`` for each call in ``scope`` handing the queue ``q`` to a function of ``module`` that makes an
    enqueue op of the parameter it takes it as (``read_and_push_instance(filename_queue, instance_queue)``)."""
    fns = {f.name.value: f for f in module.body if isinstance(f, cst.FunctionDef)}
    out: list[str] = []
    for call in nodes_of(scope, cst.Call):
        fn = fns.get(call.func.value) if isinstance(call.func, cst.Name) else None
        if fn is None or fn.params.star_arg is not cst.MaybeSentinel.DEFAULT and fn.params.star_arg is not None:
            continue
        params = [p.name.value for p in fn.params.params]
        given = [k for k, a in enumerate(call.args) if a.keyword is None and isinstance(a.value, cst.Name)
                 and a.value.value == q and k < len(params)]
        given += [params.index(a.keyword.value) for a in call.args if a.keyword is not None
                  and a.keyword.value in params and isinstance(a.value, cst.Name) and a.value.value == q]
        for k in given:
            if any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("enqueue", "enqueue_many")
                   and isinstance(c.func.value, cst.Name) and c.func.value.value == params[k]
                   for c in nodes_of(fn, cst.Call)):
                said = _named_at(fn.name.value, call, lines, up)
                if said not in out:
                    out.append(said)
    return out


def _handed_queue(module: cst.Module, scope: cst.CSTNode, q: str):
    """(call, class, its ``__init__``, ``__init__``'s ``self`` name, the parameters given ``q``) for each call in
    ``scope`` constructing a class of ``module`` whose ``__init__`` takes arguments, ``q`` the queue's code."""
    code = module.code_for_node
    classes = {c.name.value: c for c in module.body if isinstance(c, cst.ClassDef)}
    for call in nodes_of(scope, cst.Call):
        cls = classes.get(call.func.value) if isinstance(call.func, cst.Name) else None
        init = next((m for m in cls.body.body if isinstance(m, cst.FunctionDef) and m.name.value == "__init__"),
                    None) if cls is not None else None
        if init is None or len(init.params.params) < 2:
            continue
        me, params = init.params.params[0].name.value, [p.name.value for p in init.params.params[1:]]
        given = [params[k] for k, a in enumerate(call.args) if a.keyword is None and k < len(params)
                 and code(a.value).strip() == q]
        given += [a.keyword.value for a in call.args if a.keyword is not None and a.keyword.value in params
                  and code(a.value).strip() == q]
        yield call, cls, init, me, given


def _enqueuing_classes(module: cst.Module, scope: cst.CSTNode, q: str, lines, up) -> list[str]:
    """```Cls` (line N)`` for each call in ``scope`` handing the queue ``q`` (a name or ``self.queue``) to the
    constructor of a class of ``module`` whose ``__init__`` makes an enqueue op of it, on the parameter or on the
    attribute it keeps it in (tensorpack's ``EnqueueThread(trainer, self.queue, ds, placeholders)``)."""
    code = module.code_for_node
    out: list[str] = []
    for call, cls, init, me, given in _handed_queue(module, scope, q):
        if not given:
            continue
        held = set(given) | {f"{me}.{code(t.target).strip().split('.', 1)[1]}" for a in nodes_of(init, cst.Assign)
                             for t in a.targets if isinstance(t.target, cst.Attribute)
                             and isinstance(t.target.value, cst.Name) and t.target.value.value == me
                             and isinstance(a.value, cst.Name) and a.value.value in given}
        if any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("enqueue", "enqueue_many")
               and code(c.func.value).strip() in held for c in nodes_of(init, cst.Call)):
            said = _named_at(cls.name.value, call, lines, up)
            if said not in out:
                out.append(said)
    return out


def _filling_methods(module: cst.Module, scope: cst.CSTNode, q: str, lines, up) -> list[str]:
    """```Cls.method``` for each method (not ``__init__``) of a class of ``module`` that makes an enqueue op of the
    queue ``q`` that a call in ``scope`` hands to the class's constructor, on the attribute ``__init__`` keeps it
    in (slim's ``ParallelReader(reader_class, common_queue, ...)``, whose ``_configure_readers_by`` makes k
    readers' enqueue ops and their ``QueueRunner``), with the line of that call."""
    code = module.code_for_node
    out: list[str] = []
    for call, cls, init, me, given in _handed_queue(module, scope, q):
        defs = [m for m in cls.body.body if isinstance(m, cst.FunctionDef)]
        held = {code(t.target).strip().split(".", 1)[1] for a in nodes_of(init, cst.Assign) for t in a.targets
                if isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name)
                and t.target.value.value == me and isinstance(a.value, cst.Name) and a.value.value in given}
        for m in defs:
            if m is init or not m.params.params:
                continue
            own = m.params.params[0].name.value
            if any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("enqueue", "enqueue_many")
                   and code(c.func.value).strip() in {f"{own}.{h}" for h in held} for c in nodes_of(m, cst.Call)):
                said = _named_at(f"{cls.name.value}.{m.name.value}", call, lines, up).replace(
                    " (line ", " (its object made at line ")
                if said not in out:
                    out.append(said)
    return out


def _named_at(name: str, call: cst.Call, lines, up) -> str:
    """```name` (line N)``, N the line of the statement holding ``call`` (no line where it has none)."""
    stmt = call
    while stmt is not None and not isinstance(stmt, cst.SimpleStatementLine):
        stmt = up.get(id(stmt))
    line = lines.get(stmt) if stmt is not None else None
    return f"`{name}`" + (f" (line {line})" if line else "")



def _size_drains(scope: cst.CSTNode, q: str, lines, up) -> int | None:
    """The line of a ``for _ in range(<q>.size()...)`` loop (or ``while <q>.size() ...``) in ``scope`` (-1: its
    line unknown), None where there is none."""
    for loop in [*nodes_of(scope, cst.For), *nodes_of(scope, cst.While)]:
        head = loop.iter if isinstance(loop, cst.For) else loop.test
        if any(isinstance(c.func, cst.Attribute) and c.func.attr.value == "size" and not c.args
               and isinstance(c.func.value, cst.Name) and c.func.value.value == q for c in nodes_of(head, cst.Call)):
            stmt = loop.body.body[0] if isinstance(loop.body, cst.IndentedBlock) and loop.body.body else None
            line = lines.get(stmt) if isinstance(stmt, cst.SimpleStatementLine) else None
            return line - 1 - len(stmt.leading_lines) if line else -1
    return None


def _joined(scope: cst.CSTNode, index) -> bool:
    """Whether ``scope`` makes a ``batch_join`` / ``shuffle_batch_join`` (where the copies' lists go)."""
    return any((index.paths.get(c) or "").endswith(("batch_join", "shuffle_batch_join"))
               for c in nodes_of(scope, cst.Call))


def _in_loop(up, node: cst.CSTNode, scope: cst.CSTNode) -> bool:
    n = up.get(id(node))
    while n is not None and n is not scope:
        if isinstance(n, (cst.For, cst.While, cst.ListComp)):
            return True
        n = up.get(id(n))
    return False


def _gives(value: cst.BaseExpression | None, q: str) -> bool:
    """``return q`` or ``return q, runner``."""
    if isinstance(value, cst.Name):
        return value.value == q
    return isinstance(value, cst.Tuple) and any(isinstance(e.value, cst.Name) and e.value.value == q
                                                 for e in value.elements)


def _calls_it(call: cst.Call, fn: cst.FunctionDef, caller: cst.FunctionDef, up) -> bool:
    """Whether ``call`` (in ``caller``) calls ``fn``: by its name, or, ``fn`` a method, as ``self.fn(...)`` from
    another method of its class (``self`` the caller's first parameter)."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value == fn.name.value
    if not (isinstance(func, cst.Attribute) and func.attr.value == fn.name.value and isinstance(func.value, cst.Name)
            and caller.params.params and func.value.value == caller.params.params[0].name.value):
        return False
    home, other = up.get(id(fn)), up.get(id(caller))  # (the class body: IndentedBlock, then the ClassDef)
    home, other = up.get(id(home)), up.get(id(other))
    return isinstance(home, cst.ClassDef) and home is other


def part_of_left_pipeline(module: cst.Module, index, line: int, reasons: dict, scopes=None) -> str | None:
    """Why a reader or producer at ``line`` stays, where its own function says it: the pipeline of a batch or
    queue left at another line of the function (``reasons``: line -> its refusal note), or the call it is passed
    to (a helper whose pipeline no rewrite took). None: neither (the generic reason stands)."""
    code = module.code_for_node
    stmt = _queue_statement(index.blocks, index.lines, line)
    if stmt is None:
        return None
    up = parents(module)
    fn = up.get(id(stmt))
    while fn is not None and not isinstance(fn, cst.FunctionDef):
        fn = up.get(id(fn))
    if fn is None:
        return None
    left = _left_in(fn, index, line, reasons)
    if left is not None:
        n, _ = left
        return f"it stays with the pipeline left at line {n} of the same function (the note there says why)"
    for caller in nodes_of(module, cst.FunctionDef):  # a reader helper whose caller's pipeline is left
        if caller is not fn and any(_calls_it(c, fn, caller, up) for c in nodes_of(caller, cst.Call)):
            left = _left_in(caller, index, line, reasons)
            if left is not None:
                n, _ = left
                return (f"`{fn.name.value}` is called by `{caller.name.value}`, whose pipeline at line {n} is left "
                        "(the note there says why)")
    target = stmt.body[0].targets[0].target
    if isinstance(target, cst.Attribute):  # ``self.reader = ...``: passed on from another method of the class
        held = code(target).strip()
        for s in nodes_of(module, cst.SimpleStatementLine):
            for call in nodes_of(s, cst.Call):
                if index.paths.get(call) is None and any(code(a.value).strip() == held for a in call.args):
                    at = index.lines.get(s)
                    return (f"it is kept on `{held}` and passed to `{code(call.func).strip()}`"
                            f"{f' (line {at})' if at else ''}, whose pipeline no rewrite took (the notes on that "
                            "function, in its own module where it is another's, say why)")
        return None
    if not isinstance(target, cst.Name):
        return None
    # the reads that see this binding (another binding of the same name, before it or hiding it, is another
    # value: ``with open(path) as f`` read by ``csv.DictReader(f)``, then ``f = slice_input_producer(...)``)
    reads = {id(n) for n in reaching_reads(scopes, stmt, target.value)} if scopes is not None else None
    for call in nodes_of(fn, cst.Call):
        if index.paths.get(call) is None and _helper_call(call, fn, scopes) and any(
                isinstance(a.value, cst.Name) and a.value.value == target.value
                and (reads is None or id(a.value) in reads) for a in call.args):
            at = next((index.lines.get(s) for s in nodes_of(fn, cst.SimpleStatementLine)
                       if any(c is call for c in nodes_of(s, cst.Call))), None)
            return (f"`{target.value}` is passed to `{code(call.func).strip()}`"
                    f"{f' (line {at})' if at else ''}, whose pipeline no rewrite took (the notes on that "
                    "function say why)")
    return None


def _helper_call(call: cst.Call, fn: cst.FunctionDef, scopes) -> bool:
    """Whether ``call`` may be a helper with a pipeline of its own: not a session's ``run`` / a tensor's
    ``eval`` (they run the tensors, they build no pipeline), nor a builtin the module does not rebind."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in ("run", "eval", "partial_run"):
        return False
    if isinstance(func, cst.Name) and func.value in dir(builtins) and scopes is not None:
        scope = scopes.scope(call)
        return scope is not None and bool(scope[func.value]) and not all(
            isinstance(a, BuiltinAssignment) for a in scope[func.value])
    return True


def _left_in(fn: cst.FunctionDef, index, line: int, reasons: dict) -> tuple[int, str] | None:
    """(line, API) of the first batch or queue of ``fn`` left with a reason (not a reader's or producer's own).
    (The notes pointing there name the line, not the API: tests and users pick a call's notes by its name.)"""
    for n in sorted({n for s in nodes_of(fn, cst.SimpleStatementLine) if (n := index.lines.get(s)) and n != line}):
        note = reasons.get(n)
        if note is not None and "`" in note.message and REACHES not in note.message:  # (a dequeue left with one)
            api = "`" + note.message.split("`")[1] + "`"
            if not api.endswith(("Reader`", "producer`")):
                return n, api
    return None


def _handed_reader(fn: cst.FunctionDef, code) -> tuple[str, str] | None:
    """(the parameter, the call) where ``fn``'s readers are made by calling one of its parameters (slim's
    ``reader = reader_class(**reader_kwargs)``, read by ``reader.read(filename_queue)``); else None."""
    from tfdata_bridge._src.migrate.calls import param_names

    params = param_names(fn)
    made = {}  # name -> the call binding it to a parameter's instance
    for a in nodes_of(fn, cst.Assign):
        if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name) and isinstance(a.value, cst.Call) \
                and isinstance(a.value.func, cst.Name) and a.value.func.value in params:
            made[a.targets[0].target.value] = a.value
    for c in nodes_of(fn, cst.Call):
        if not (isinstance(c.func, cst.Attribute) and c.func.attr.value == "read"):
            continue
        reader = c.func.value
        if isinstance(reader, cst.Name) and reader.value in made:
            reader = made[reader.value]
        if isinstance(reader, cst.Call) and isinstance(reader.func, cst.Name) and reader.func.value in params:
            return reader.func.value, code(reader).strip()
    return None
